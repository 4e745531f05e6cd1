// Preload (sandboxed; bundled to CommonJS by electron-vite): exposes the contract's bridge as a
// frozen `window.memlens`, and nothing else.
import { contextBridge, ipcRenderer } from 'electron';
import { createMemlensBridge } from './memlens-bridge.js';

contextBridge.exposeInMainWorld('memlens', createMemlensBridge(ipcRenderer));
