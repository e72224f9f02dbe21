/**
 * The same zod schemas validate on the server and in the forms. The form needs only safeParse
 * and the issues' path and message (a translation key such as avvisi.campo_richiesto).
 */
export type SchemaIssue = { path: PropertyKey[]; message: string; code?: string };
/** `T`: what a successful parse gives (a zod schema's output), so the caller gets it typed. */
export type SafeParseSchema<T = unknown> = {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: SchemaIssue[] } };
};

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** Field -> translation key of its first issue ('' for issues without a field path). */
export function issuesToFields(issues: SchemaIssue[], values: Record<string, unknown>): Record<string, string> {
  // keyed by the issues' paths, which the server's answer may name: no prototype for them to reach
  const out: Record<string, string> = Object.create(null);
  for (const issue of issues) {
    const field = issue.path.length ? String(issue.path[0]) : '';
    if (field in out) continue;
    let key = issue.message;
    if (!key.startsWith('avvisi.')) {
      key = field && isEmpty(values[field]) ? 'avvisi.campo_richiesto' : 'avvisi.valore_non_valido';
    }
    out[field] = key;
  }
  return out;
}
