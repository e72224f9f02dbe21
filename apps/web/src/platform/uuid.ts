/**
 * A random UUID v4 for id_richiesta (idempotent punches). crypto.randomUUID exists only in secure
 * contexts (https, localhost): a kiosk or phone reaching the server over plain http on the LAN
 * falls back to crypto.getRandomValues, which is available everywhere.
 */
export function newRequestId(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const b = new Uint8Array(16);
  c.getRandomValues(b);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
