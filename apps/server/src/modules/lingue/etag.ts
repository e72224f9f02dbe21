import { createHash } from 'node:crypto';

/** A strong ETag of an answer's text: the same texts give the same tag on every server and after every restart. */
export function textsTag(json: string): string {
  return `"${createHash('sha256').update(json).digest('base64url')}"`;
}

/** Whether If-None-Match names the tag (RFC 9110 §13.1.2: a list of tags, weak ones compared weakly, or `*`). */
export function notModified(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const list = (Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch).split(',').map((t) => t.trim().replace(/^W\//, ''));
  return list.includes('*') || list.includes(etag);
}
