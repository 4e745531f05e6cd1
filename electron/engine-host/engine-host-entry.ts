// utilityProcess entry (built to out/main/engine-host.js): waits for the init message from main,
// then runs the engine host on process.parentPort.
import type { HostToMain, MainToHost, PortLike } from './engine-host-protocol.js';
import { runEngineHost } from './engine-host.js';

const parentPort = process.parentPort;
const listeners: ((message: MainToHost) => void)[] = [];
const port: PortLike<MainToHost, HostToMain> = {
  post: (message) => parentPort.postMessage(message),
  onMessage: (listener) => void listeners.push(listener),
};
let started = false;
parentPort.on('message', (event) => {
  const message = event.data as MainToHost;
  if (!started && message.type === 'init') {
    started = true;
    void runEngineHost(port, message.init);
    return;
  }
  for (const listener of listeners) listener(message);
});
