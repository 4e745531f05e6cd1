import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { guardUnsavedClose, UNSAVED_CLOSE_DIALOG } from './unsaved-close-guard.js';

function fakeWindow() {
  const webContents = new EventEmitter();
  return {
    webContents: webContents as unknown as {
      on(event: 'will-prevent-unload', listener: (event: { preventDefault(): void }) => void): unknown;
    },
    emit: () => {
      let allowed = false;
      webContents.emit('will-prevent-unload', { preventDefault: () => (allowed = true) });
      return allowed;
    },
  };
}

describe('unsaved close guard', () => {
  it('asks when the page holds back a close, and lets it go only on "Leave without saving"', () => {
    const window = fakeWindow();
    const answers = [0, 1];
    const asked: unknown[] = [];
    guardUnsavedClose(window, (w, options) => {
      asked.push([w, options]);
      return answers.shift()!;
    });
    expect(window.emit()).toBe(false); // Stay: the window stays, with its text
    expect(window.emit()).toBe(true); // Leave: the page unloads
    expect(asked).toEqual([
      [window, UNSAVED_CLOSE_DIALOG],
      [window, UNSAVED_CLOSE_DIALOG],
    ]);
    expect(UNSAVED_CLOSE_DIALOG.buttons?.[UNSAVED_CLOSE_DIALOG.cancelId!]).toBe('Stay');
  });
});
