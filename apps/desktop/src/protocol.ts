/**
 * The `app://tulip` protocol: the bundled desktop renderer (the web build made with `vite build --mode desktop`),
 * served from its folder and nothing else, each answer with the renderer's CSP. Pure: the file reader is passed in.
 */
import path from 'node:path';
import { DESKTOP_HOST, DESKTOP_SCHEME } from '../../../packages/contract/src/desktop';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.ico': 'image/x-icon', '.woff2': 'font/woff2',
  '.woff': 'font/woff', '.ttf': 'font/ttf', '.txt': 'text/plain; charset=utf-8', '.map': 'application/json',
};

/**
 * The file of the renderer an `app://tulip/...` URL names, or null: another scheme or host, an encoded or plain `..`,
 * a backslash, a NUL, or anything that would resolve outside `root`. `/` is index.html (the hash router needs no
 * other fallback).
 */
export function resolveAppFile(root: string, requestUrl: string): string | null {
  let u: URL;
  try {
    u = new URL(requestUrl);
  } catch {
    return null;
  }
  if (u.protocol !== `${DESKTOP_SCHEME}:` || u.host !== DESKTOP_HOST || u.username || u.password) return null;
  let rel: string;
  try {
    rel = decodeURIComponent(u.pathname);
  } catch {
    return null;
  }
  if (rel.includes('\0') || rel.includes('\\') || rel.split('/').some((seg) => seg === '..' || seg === '.')) return null;
  rel = rel.replace(/^\/+/, '') || 'index.html';
  const base = path.resolve(root);
  const full = path.resolve(base, rel);
  const inside = path.relative(base, full);
  if (!inside || inside.startsWith('..') || path.isAbsolute(inside)) return null;
  return full;
}

/** The MIME type of a file by its extension (application/octet-stream when unknown). */
export function mimeOf(file: string): string {
  return MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * The renderer's Content-Security-Policy: its own scripts only, and connections to the configured Tulip server only
 * (none before one is configured: the main process checks a new URL itself).
 */
export function rendererCsp(serverUrl: string | null): string {
  let server = '';
  if (serverUrl) {
    try {
      server = ` ${new URL(serverUrl).origin}`;
    } catch {
      server = '';
    }
  }
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'", // antd writes its CSS-in-JS styles at run time (as the server's CSP says)
    `img-src 'self' data: blob:${server}`,
    `connect-src 'self'${server}`,
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "frame-src 'none'",
    "worker-src 'none'",
  ].join('; ');
}

export type AppAnswer = { status: number; headers: Record<string, string>; body: Uint8Array | string };

/** Answers one request of the protocol: the file with its type and the CSP, or 404; GET and HEAD only. */
export async function serveAppRequest(
  deps: { root: string; readFile: (file: string) => Promise<Uint8Array>; serverUrl: () => string | null },
  request: { url: string; method: string },
): Promise<AppAnswer> {
  const headers = {
    'content-security-policy': rendererCsp(deps.serverUrl()),
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-cache',
  };
  if (request.method !== 'GET' && request.method !== 'HEAD') return { status: 405, headers: { ...headers, 'content-type': 'text/plain' }, body: '' };
  const file = resolveAppFile(deps.root, request.url);
  if (!file) return { status: 404, headers: { ...headers, 'content-type': 'text/plain' }, body: 'Not found' };
  try {
    const body = await deps.readFile(file);
    return { status: 200, headers: { ...headers, 'content-type': mimeOf(file) }, body: request.method === 'HEAD' ? '' : body };
  } catch {
    return { status: 404, headers: { ...headers, 'content-type': 'text/plain' }, body: 'Not found' };
  }
}
