/**
 * The file store's operations (platform, issue #13): one multipart upload for every module, typed by its content, and
 * the uploader's own read-back. A module keeps the file's id on its record and serves it behind its own checks.
 */
import { z } from 'zod';
import { defineOperations } from '../operation';

/** What the store kept: the id to put on a record, the name, the type read from the content, the size and digest. */
export const ZStoredFile = z.object({ id: z.string(), nome: z.string(), tipo: z.string(), dimensione: z.number(), sha256: z.string() });
export type TStoredFile = z.infer<typeof ZStoredFile>;

export const OPS_FILES = defineOperations({
  carica: {
    method: 'POST', path: '/api/file', tag: 'file', summary: 'File: caricamento (multipart, fino a 10 MB; il tipo è letto dal contenuto)',
    access: { auth: true }, consumes: ['multipart/form-data'],
    responses: { 201: z.object({ message: z.string(), params: z.object({ context: z.literal('file'), nome: z.string() }), data: ZStoredFile }) },
  },
  leggi: {
    method: 'GET', path: '/api/file/:id', tag: 'file', summary: 'File: rilettura da parte di chi l’ha caricato',
    access: { auth: true }, params: z.strictObject({ id: z.uuid() }), responses: { file: 'application/octet-stream' },
  },
});
