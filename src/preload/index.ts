// The sandboxed preload (built to out/preload/index.cjs). It may require only
// 'electron'; electron-vite bundles the contract into it. It exposes exactly
// `window.swarmdesk` (see src/shared/ipc/bridge.ts) and nothing of Electron.
import { contextBridge, ipcRenderer } from 'electron';
import { PRELOAD_GLOBAL } from '../shared/ipc/bridge';
import { buildPreloadBridge } from './bridge';

contextBridge.exposeInMainWorld(PRELOAD_GLOBAL, buildPreloadBridge(ipcRenderer));
