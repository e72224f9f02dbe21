/** Every setting comes from the environment (documented in the README). */
import path from 'node:path';

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  demo: boolean;
  atokenTtl: number;
  rtokenTtl: number;
  jwtSecret?: string;
  smtpUrl?: string;
  mailFrom: string;
  publicUrls: string[];
  corsOrigins: string[];
  bodyLimit: number;
  /** Uploads (POST /api/file) per user in UPLOAD_FINESTRA_MIN minutes, and MB uploaded per user in 24 hours. */
  uploadRate: number;
  uploadQuotaMb: number;
  /** Requests an API token may make in a minute, per server process (TULIP_API_TOKEN_RATE). */
  apiTokenRate: number;
  /** PostgreSQL connections per server process. */
  dbPoolMax: number;
  /** The embedded database's shared_buffers (TULIP_PGLITE_SHARED_BUFFERS): a size, as PostgreSQL writes it. */
  pgliteSharedBuffers?: string;
  timezone: string;
  logLevel: string;
  webDist?: string;
  production: boolean;
  /** TULIP_WEBHOOK_HOSTS: host[:port] that webhooks may reach over http and on private or loopback addresses. */
  webhookHosts: string[];
  /** TULIP_SSO_INSECURE_HOSTS: host[:port] of OpenID providers that may be reached over http (tests, a lab's Keycloak). */
  ssoInsecureHosts: string[];
};

/** Uploads a user may make in UPLOAD_FINESTRA_MIN minutes (TULIP_UPLOAD_RATE). */
export const UPLOAD_RATE = 30;
export const UPLOAD_FINESTRA_MIN = 10;
/** MB a user may upload in 24 hours (TULIP_UPLOAD_QUOTA_MB): files the server generates do not count. */
export const UPLOAD_QUOTA_MB = 200;

const int = (v: string | undefined, d: number) => (v && /^\d+$/.test(v) ? Number(v) : d);
/** A size as PostgreSQL's settings take it (`64MB`, `512kB`, `1GB`); anything else keeps the default. */
const pgSize = (v: string | undefined) => (v && /^\d{1,6}(kB|MB|GB)$/.test(v) ? v : undefined);
const list = (v: string | undefined) => (v ? v.split(',').map((s) => s.trim().replace(/\/+$/, '')).filter(Boolean) : []);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = int(env.PORT, 3000);
  const publicUrls = list(env.TULIP_PUBLIC_URLS);
  if (!publicUrls.length) publicUrls.push(`http://localhost:${port}`, `http://127.0.0.1:${port}`);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.TULIP_DATA_DIR || 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    demo: env.TULIP_DEMO !== '0',
    atokenTtl: int(env.TULIP_ATOKEN_TTL, 900),
    rtokenTtl: int(env.TULIP_RTOKEN_TTL, 7 * 24 * 3600),
    jwtSecret: env.TULIP_JWT_SECRET || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Tulip <noreply@tulip.local>',
    publicUrls,
    corsOrigins: list(env.TULIP_CORS_ORIGINS),
    bodyLimit: int(env.TULIP_BODY_LIMIT, 1024 * 1024),
    uploadRate: int(env.TULIP_UPLOAD_RATE, UPLOAD_RATE),
    uploadQuotaMb: int(env.TULIP_UPLOAD_QUOTA_MB, UPLOAD_QUOTA_MB),
    apiTokenRate: int(env.TULIP_API_TOKEN_RATE, 600),
    dbPoolMax: int(env.TULIP_DB_POOL, 10),
    pgliteSharedBuffers: pgSize(env.TULIP_PGLITE_SHARED_BUFFERS),
    timezone: env.TULIP_TIMEZONE || 'Europe/Rome',
    logLevel: env.LOG_LEVEL || 'info',
    webDist: env.TULIP_WEB_DIST,
    production: env.NODE_ENV === 'production',
    webhookHosts: list(env.TULIP_WEBHOOK_HOSTS).map((h) => h.toLowerCase()),
    ssoInsecureHosts: list(env.TULIP_SSO_INSECURE_HOSTS).map((h) => h.toLowerCase()),
  };
}

/** Links in e-mails use the client's base URL only when it is one of the configured public URLs. */
export function publicBase(header: unknown, allowed: string[]): string {
  const h = typeof header === 'string' ? header.replace(/\/+$/, '') : '';
  return allowed.includes(h) ? h : allowed[0];
}
