// Every IPC call is checked for who sent it before its arguments are even looked at (VS Code's
// validatedIpcMain): only the main frame of one of our windows, showing our app:// page. A
// sub-frame, a page that navigated elsewhere, about:blank, or a frame that is gone are refused.
// Pure: takes frame-shaped objects, so it is unit-tested with fakes.
import { said, type MessageParams } from '../../shared/i18n.js';
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

/** A refusal's reason: English, and by id (`log:main.sender.*`) for the log line in the app's language. */
export interface SenderRefusal {
  ok: false;
  reason: string;
  messageId: string;
  params?: MessageParams;
}

export type SenderVerdict = { ok: true } | SenderRefusal;

function refused(key: string, params?: MessageParams): SenderRefusal {
  const { message, ...ref } = said(`log:main.sender.${key}`, params);
  return { ok: false, reason: message, ...ref };
}

export function checkIpcSender(event: IpcEventLike, trustedWebContentsIds: ReadonlySet<number>): SenderVerdict {
  if (!trustedWebContentsIds.has(event.sender.id)) return refused('notOurWindow', { id: event.sender.id });
  const frame = event.senderFrame;
  if (!frame) return refused('frameGone');
  if (frame.detached) return refused('frameDetached');
  if (frame.parent !== null) return refused('subFrame');
  let origin: string;
  try {
    const url = new URL(frame.url);
    origin = `${url.protocol}//${url.host}`;
  } catch {
    return refused('badUrl', { url: JSON.stringify(frame.url) });
  }
  if (origin !== APP_ORIGIN) return refused('otherOrigin', { origin: origin || frame.url, expected: APP_ORIGIN });
  return { ok: true };
}
