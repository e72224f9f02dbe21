import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { rendererCsp, resolveAppFile, serveAppRequest } from './protocol';

const root = path.resolve('/opt/tulip/resources/app/renderer');

describe('app://tulip serves the bundled renderer and nothing else', () => {
  it('maps paths inside the renderer folder; / is index.html', () => {
    expect(resolveAppFile(root, 'app://tulip/')).toBe(path.join(root, 'index.html'));
    expect(resolveAppFile(root, 'app://tulip/index.html')).toBe(path.join(root, 'index.html'));
    expect(resolveAppFile(root, 'app://tulip/assets/index-abc.js?x=1#/login')).toBe(path.join(root, 'assets/index-abc.js'));
    expect(resolveAppFile(root, 'app://tulip/icons/icon%20192.png')).toBe(path.join(root, 'icons/icon 192.png'));
  });

  it('refuses traversal, in every spelling, other hosts and schemes', () => {
    // the URL parser already folds plain and encoded dot segments: what is left stays inside the folder
    for (const url of ['app://tulip/../secret.txt', 'app://tulip/%2e%2e/secret.txt', 'app://tulip/assets/%2e%2e/%2e%2e/%2e%2e/etc/passwd', 'app://tulip/a/../../../b']) {
      const file = resolveAppFile(root, url);
      expect(file === null || file.startsWith(root + path.sep), url).toBe(true);
    }
    for (const url of [
      'app://tulip/..%2f..%2fetc%2fpasswd', 'app://tulip/assets%2f..%2f..%2f..%2fetc%2fpasswd', 'app://tulip/..%5c..%5cwindows%5cwin.ini', 'app://tulip/a%00.js',
      'app://tulip/%E0%A4%A', 'app://other/index.html', 'app://user:pw@tulip/index.html', 'file:///etc/passwd', 'https://tulip/index.html', 'not a url',
    ]) {
      expect(resolveAppFile(root, url), url).toBeNull();
    }
  });

  it('answers with the CSP naming only the configured server, 404 outside the folder, no writes', async () => {
    const files: Record<string, string> = { [path.join(root, 'index.html')]: '<!doctype html>' };
    const deps = {
      root,
      readFile: async (f: string) => {
        if (!(f in files)) throw new Error('ENOENT');
        return new TextEncoder().encode(files[f]);
      },
      serverUrl: () => 'https://tulip.example.it/tulip',
    };
    const ok = await serveAppRequest(deps, { url: 'app://tulip/', method: 'GET' });
    expect(ok.status).toBe(200);
    expect(ok.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(ok.headers['content-security-policy']).toContain("connect-src 'self' https://tulip.example.it;");
    expect(ok.headers['content-security-policy']).toContain("script-src 'self';");
    expect((await serveAppRequest(deps, { url: 'app://tulip/../x', method: 'GET' })).status).toBe(404);
    expect((await serveAppRequest(deps, { url: 'app://tulip/missing.js', method: 'GET' })).status).toBe(404);
    expect((await serveAppRequest(deps, { url: 'app://tulip/', method: 'POST' })).status).toBe(405);
  });

  it('connects nowhere but itself before a server is configured', () => {
    expect(rendererCsp(null)).toContain("connect-src 'self';");
    expect(rendererCsp('not a url')).toContain("connect-src 'self';");
    expect(rendererCsp(null)).not.toMatch(/unsafe-eval|\*/);
  });
});
