import { describe, expect, it } from 'vitest';
import type { MemlensApi } from '../../../shared/contract';
import { createAppStore } from './create-app-store';
import { openFileAt, closeTopmost } from './app-actions';
import { FakeWorkspace } from '../test-support/fake-workspace-api';

function fakeApi(ws: FakeWorkspace): MemlensApi {
  const unused = () => Promise.reject(new Error('not used here'));
  return new Proxy({ ...ws.api } as Record<string, unknown>, {
    get: (target, name: string) => target[name] ?? (name.startsWith('onDid') ? () => () => undefined : unused),
  }) as unknown as MemlensApi;
}

describe('app store', () => {
  it('combines every slice once; each test gets a fresh store', () => {
    const a = createAppStore(fakeApi(new FakeWorkspace()));
    const b = createAppStore(fakeApi(new FakeWorkspace()));
    a.getState().setFileFilter('x');
    expect(b.getState().files.filter).toBe('');
    for (const key of ['files', 'editor', 'search', 'timeline', 'status', 'layout'] as const)
      expect(a.getState()[key]).toBeDefined();
  });

  it('opening a search hit selects the file, shows the editor and remembers the lines', async () => {
    const store = createAppStore(fakeApi(new FakeWorkspace({ 'memory/a.md': 'x\ny\nz' })));
    store.getState().setView('timeline');
    openFileAt(store, 'memory/a.md', { startLine: 2, endLine: 3 });
    await new Promise((r) => setTimeout(r, 0));
    const s = store.getState();
    expect(s.layout.view).toBe('editor');
    expect(s.files.activePath).toBe('memory/a.md');
    expect(s.editor.doc?.path).toBe('memory/a.md');
    expect(s.editor.highlight).toMatchObject({ startLine: 2, endLine: 3 });
  });

  it('Esc closes the topmost overlay first', () => {
    const store = createAppStore(fakeApi(new FakeWorkspace()));
    store.getState().setSettingsOpen(true);
    store.getState().setQuickOpen(true);
    expect(closeTopmost(store)).toBe(true);
    expect(store.getState().files.quickOpen).toBe(false);
    expect(store.getState().search.settingsOpen).toBe(true);
    expect(closeTopmost(store)).toBe(true);
    expect(store.getState().search.settingsOpen).toBe(false);
    expect(closeTopmost(store)).toBe(false);
  });
});
