import { lazy, type ComponentType, type ReactNode } from 'react';
import { ROUTE_BY_NAME } from '@tulip/contract';

/**
 * A route record exported by a module's routes.tsx. `name` is the contract's route name (guarded
 * routes); records without a name are public. `layout` picks the frame: 'main' (menu + header,
 * login required) or 'blank'.
 */
export type RouteRecord = {
  path: string;
  name?: string;
  title: string;
  element: ReactNode;
  layout: 'main' | 'blank';
  /** Only in the desktop build. */
  desktopOnly?: boolean;
};

/**
 * React.lazy over a named export (modules use named exports only), with `preload()` to fetch its chunk ahead, while
 * the app boots (router.tsx). Once the chunk is there, the page resolves synchronously: React renders it in the same
 * pass as its parent instead of suspending once more, showing the fallback, and rendering the whole frame again.
 */
export function lazyPage<M extends Record<string, unknown>>(loader: () => Promise<M>, name: keyof M & string) {
  let loaded: ComponentType | undefined;
  const load = () => loader().then((mod) => (loaded = mod[name] as ComponentType));
  const page = lazy(() => {
    if (!loaded) return load().then((component) => ({ default: component }));
    const mod = { default: loaded };
    // a thenable that calls back at once: React.lazy reads the value before it would suspend
    return { then: (resolve: (m: typeof mod) => void) => resolve(mod) } as unknown as Promise<typeof mod>;
  });
  return Object.assign(page, { preload: () => void load().catch(() => undefined) });
}

/** The record of a catalogue route: path and title come from the contract's ROUTES. */
export function catalogRoute(name: string, element: ReactNode): RouteRecord {
  const def = ROUTE_BY_NAME[name];
  if (!def) throw new Error(`Route sconosciuta: ${name}`);
  return { path: def.path, name: def.name, title: def.title, element, layout: 'main' };
}
