/**
 * The bridge the preload exposes (contract: `DesktopBridge`), built from an IPC invoker and the shell's facts. Kept
 * apart from preload.ts so that a test checks its surface is exactly the interface the web adapter reads.
 */
import { DESKTOP_BRIDGE_KEYS, type DesktopBridge } from '../../../packages/contract/src/desktop';

/** The IPC channels between the preload and the main process. */
export const IPC = { setServerUrl: 'tulip:set-server-url', openMenuItem: 'tulip:open-menu-item' } as const;

/** The shell's version, passed to the preload as `--tulip-version=x.y.z` (a sandboxed preload has no app module). */
export const VERSION_ARG = '--tulip-version=';

export function versionFromArgv(argv: readonly string[]): string {
  const arg = argv.find((a) => a.startsWith(VERSION_ARG));
  return arg ? arg.slice(VERSION_ARG.length) : '';
}

export function makeBridge(
  invoke: (channel: string, ...args: unknown[]) => Promise<unknown>,
  info: { platform: string; app: string; electron: string; chrome: string },
): DesktopBridge {
  const bridge: DesktopBridge = {
    platform: info.platform,
    versions: Object.freeze({ app: info.app, electron: info.electron, chrome: info.chrome }),
    // only plain values cross: a string, a number
    setServerUrl: (url: string) => invoke(IPC.setServerUrl, String(url)) as ReturnType<DesktopBridge['setServerUrl']>,
    openMenuItem: (id: number, accessToken: string) => invoke(IPC.openMenuItem, Number(id), String(accessToken)) as ReturnType<DesktopBridge['openMenuItem']>,
  };
  // exactly the interface's members, in the contract's list
  return Object.freeze(Object.fromEntries(DESKTOP_BRIDGE_KEYS.map((k) => [k, bridge[k]]))) as unknown as DesktopBridge;
}
