/** The path of one call (no zod here: the browser's login page loads this and not the schemas). */
export function pathOf(op: { path: string }, params?: Record<string, unknown>): string {
  return op.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_m, name: string) => {
    const v = params?.[name];
    if (v === undefined || v === null || v === '') throw new Error(`${op.path}: manca il parametro ${name}`);
    return encodeURIComponent(String(v));
  });
}
