/**
 * The preload (sandboxed, context-isolated): exposes the typed bridge and nothing else — no ipcRenderer, no Node.
 * Bundled to dist/preload.cjs by build.mjs.
 */
import { DESKTOP_BRIDGE_GLOBAL } from '../../../packages/contract/src/desktop';
import { makeBridge, versionFromArgv } from './bridge';

// a sandboxed preload gets electron's renderer modules through require; the bundle keeps this require as is
const { contextBridge, ipcRenderer } = require('electron') as {
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => void };
  ipcRenderer: {
    invoke: (channel: string, ...args: unknown[]) => Promise<unknown>;
    on: (channel: string, listener: () => void) => unknown;
    removeListener: (channel: string, listener: () => void) => unknown;
  };
};

contextBridge.exposeInMainWorld(
  DESKTOP_BRIDGE_GLOBAL,
  makeBridge((channel, ...args) => ipcRenderer.invoke(channel, ...args), {
    platform: process.platform,
    app: versionFromArgv(process.argv),
    electron: process.versions.electron ?? '',
    chrome: process.versions.chrome ?? '',
  }, (channel, listener) => {
    // the event object (with its sender) never reaches the page: the listener gets no argument
    const handler = () => listener();
    ipcRenderer.on(channel, handler);
    return () => void ipcRenderer.removeListener(channel, handler);
  }),
);
