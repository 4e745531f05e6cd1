import { describe, expect, it } from 'vitest';
import { checkIpcSender, type FrameLike, type IpcEventLike } from './sender-guard.js';

const TRUSTED = new Set([7]);
const mainFrame = (url: string, extra: Partial<FrameLike> = {}): FrameLike => ({ url, parent: null, ...extra });
const event = (frame: FrameLike | null, senderId = 7): IpcEventLike => ({
  sender: { id: senderId },
  senderFrame: frame,
});

describe('IPC sender guard', () => {
  it('accepts the main frame of our window on app://memlens', () => {
    expect(checkIpcSender(event(mainFrame('app://memlens/index.html')), TRUSTED)).toEqual({ ok: true });
    expect(checkIpcSender(event(mainFrame('app://memlens/index.html#/timeline?x=1')), TRUSTED)).toEqual({ ok: true });
  });

  it.each([
    ['a remote https page', 'https://evil.example/'],
    ['a look-alike host', 'app://memlens.evil/index.html'],
    ['another app host', 'app://other/index.html'],
    ['file://', 'file:///home/me/index.html'],
    ['localhost http', 'http://localhost:5173/'],
    ['about:blank', 'about:blank'],
    ['a data: URL', 'data:text/html,<script>1</script>'],
    ['an empty URL', ''],
  ])('refuses %s', (_label, url) => {
    const verdict = checkIpcSender(event(mainFrame(url)), TRUSTED);
    expect(verdict.ok).toBe(false);
  });

  it('refuses a sub-frame even when it shows our own origin', () => {
    const top = mainFrame('app://memlens/index.html');
    const child: FrameLike = { url: 'app://memlens/index.html', parent: top };
    const verdict = checkIpcSender(event(child), TRUSTED);
    expect(verdict).toMatchObject({ ok: false, reason: expect.stringContaining('sub-frame') });
  });

  it('refuses a sub-frame on about:blank inside our page', () => {
    const child: FrameLike = { url: 'about:blank', parent: mainFrame('app://memlens/index.html') };
    expect(checkIpcSender(event(child), TRUSTED).ok).toBe(false);
  });

  it('refuses a frame that is gone or detached', () => {
    expect(checkIpcSender(event(null), TRUSTED)).toMatchObject({ ok: false, reason: expect.stringContaining('gone') });
    expect(checkIpcSender(event(mainFrame('app://memlens/index.html', { detached: true })), TRUSTED).ok).toBe(false);
  });

  it('refuses webContents that are not one of our windows', () => {
    expect(checkIpcSender(event(mainFrame('app://memlens/index.html'), 8), TRUSTED)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('not a Memory Lens window'),
    });
  });
});
