/**
 * The bridge the preload exposes (contract: `DesktopBridge`), built from an IPC invoker and the shell's facts. Kept
 * apart from preload.ts so that a test checks its surface is exactly the interface the web adapter reads.
 */
import { checkSsoLink, DESKTOP_BRIDGE_KEYS, type DesktopBridge } from '../../../packages/contract/src/desktop';

/** The IPC channels between the preload and the main process. */
export const IPC = {
  setServerUrl: 'tulip:set-server-url',
  openMenuItem: 'tulip:open-menu-item',
  openSso: 'tulip:open-sso',
  /** main → preload: a `tulip://sso` link came (no payload: the preload takes it with takeSsoLink). */
  ssoLink: 'tulip:sso-link',
  takeSsoLink: 'tulip:take-sso-link',
} as const;

/** The shell's version, passed to the preload as `--tulip-version=x.y.z` (a sandboxed preload has no app module). */
export const VERSION_ARG = '--tulip-version=';

export function versionFromArgv(argv: readonly string[]): string {
  const arg = argv.find((a) => a.startsWith(VERSION_ARG));
  return arg ? arg.slice(VERSION_ARG.length) : '';
}

export function makeBridge(
  invoke: (channel: string, ...args: unknown[]) => Promise<unknown>,
  info: { platform: string; app: string; electron: string; chrome: string },
  /** ipcRenderer.on for one channel; answers the way to remove the listener. */
  on: (channel: string, listener: () => void) => () => void = () => () => undefined,
): DesktopBridge {
  const bridge: DesktopBridge = {
    platform: info.platform,
    versions: Object.freeze({ app: info.app, electron: info.electron, chrome: info.chrome }),
    // only plain values cross: a string, a number
    setServerUrl: (url: string) => invoke(IPC.setServerUrl, String(url)) as ReturnType<DesktopBridge['setServerUrl']>,
    openMenuItem: (id: number, accessToken: string) => invoke(IPC.openMenuItem, Number(id), String(accessToken)) as ReturnType<DesktopBridge['openMenuItem']>,
    openSso: (url: string) => invoke(IPC.openSso, String(url)) as ReturnType<DesktopBridge['openSso']>,
    onSsoLink: (listener) => {
      // the page gets a fresh plain object, read again here: nothing else of what crossed the IPC reaches it
      const take = () =>
        void invoke(IPC.takeSsoLink).then(
          (raw) => {
            const link = checkSsoLink(raw);
            if (link) listener(link);
          },
          () => undefined,
        );
      const off = on(IPC.ssoLink, take);
      take(); // a link that came before the page listened
      return off;
    },
  };
  // exactly the interface's members, in the contract's list
  return Object.freeze(Object.fromEntries(DESKTOP_BRIDGE_KEYS.map((k) => [k, bridge[k]]))) as unknown as DesktopBridge;
}
