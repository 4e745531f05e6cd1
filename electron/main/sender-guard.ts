// Every IPC call is checked for who sent it before its arguments are even looked at (VS Code's
// validatedIpcMain): only the main frame of one of our windows, showing our app:// page. A
// sub-frame, a page that navigated elsewhere, about:blank, or a frame that is gone are refused.
// Pure: takes frame-shaped objects, so it is unit-tested with fakes.
import { APP_ORIGIN } from './app-origin.js';

/** The part of Electron's WebFrameMain the guard reads. */
export interface FrameLike {
  readonly url: string;
  readonly parent: FrameLike | null;
  readonly detached?: boolean;
}

/** The part of Electron's IpcMainInvokeEvent the guard reads. */
export interface IpcEventLike {
  readonly sender: { readonly id: number };
  readonly senderFrame: FrameLike | null;
}

export type SenderVerdict = { ok: true } | { ok: false; reason: string };

export function checkIpcSender(event: IpcEventLike, trustedWebContentsIds: ReadonlySet<number>): SenderVerdict {
  if (!trustedWebContentsIds.has(event.sender.id))
    return { ok: false, reason: `webContents ${event.sender.id} is not a Memory Lens window` };
  const frame = event.senderFrame;
  if (!frame) return { ok: false, reason: 'the sending frame is gone' };
  if (frame.detached) return { ok: false, reason: 'the sending frame is detached' };
  if (frame.parent !== null) return { ok: false, reason: 'sub-frames may not call the API' };
  let origin: string;
  try {
    const url = new URL(frame.url);
    origin = `${url.protocol}//${url.host}`;
  } catch {
    return { ok: false, reason: `unparseable frame URL ${JSON.stringify(frame.url)}` };
  }
  if (origin !== APP_ORIGIN) return { ok: false, reason: `origin ${origin || frame.url} is not ${APP_ORIGIN}` };
  return { ok: true };
}
