/**
 * The parts of Electron's API the main process uses, as plain structural types: the main-process modules take them as
 * arguments (dependency injection), so they are type-checked and unit-tested here without Electron's binary or its
 * package. main.ts passes the real `electron` module, which has these members.
 */
export type Log = { info: (msg: string) => void; warn: (msg: string) => void };

export type PreventableEvent = { preventDefault: () => void };

/** webContents: the navigation and new-window guards. */
export interface WebContentsLike {
  on(event: 'will-navigate' | 'will-redirect', listener: (e: PreventableEvent, url: string) => void): unknown;
  on(event: 'will-attach-webview', listener: (e: PreventableEvent) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' } | { action: 'allow' }): void;
}

/** session: the permission handlers. */
export interface SessionLike {
  setPermissionRequestHandler(
    handler: ((wc: unknown, permission: string, callback: (granted: boolean) => void, details: { requestingUrl?: string }) => void) | null,
  ): void;
  setPermissionCheckHandler(handler: ((wc: unknown, permission: string, requestingOrigin: string) => boolean) | null): void;
}

/** A minimal fetch: what the main process asks the Tulip server (global fetch in Electron's main process). */
export type FetchLike = (
  url: string,
  init?: { headers?: Record<string, string>; signal?: AbortSignal },
) => Promise<{ status: number; ok: boolean; headers: { get(name: string): string | null }; json(): Promise<unknown> }>;
