// Moving a section out and back: never overwrites a file, never trashes one the user changed.
import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { MemoryLensError } from '../../../../../shared/errors';
import { planMoveSection, parseSections } from '../../../../../shared/memory-sections';
import { createBudgetSlice, type BudgetEditorBridge, type BudgetPort, type BudgetSlice } from './budget-slice';

const TEXT = '# Memory\n\n## Travel\n\n- Passport renewal due 2027-01.\n\n## Work\n\n- On call in March.\n';

function setup(existing: Record<string, string> = {}) {
  const files = new Map(Object.entries(existing).map(([p, t]) => [p, { text: t, hash: `h-${t.length}` }]));
  const deleted: string[] = [];
  const port: BudgetPort = {
    createFile: async ({ path, text }) => {
      if (files.has(path)) throw new MemoryLensError('ALREADY_EXISTS', `A file already exists at ${path}.`);
      files.set(path, { text, hash: `h-${text.length}` });
      return { path, hash: `h-${text.length}`, size: text.length, mtimeMs: 0 };
    },
    readFile: async ({ path }) => {
      const f = files.get(path);
      if (!f) throw new MemoryLensError('NOT_FOUND', path);
      return {
        path,
        text: f.text,
        hash: f.hash,
        size: f.text.length,
        mtimeMs: 0,
        bom: false,
        eol: 'lf',
        readOnly: null,
      };
    },
    deleteFile: async ({ path }) => {
      files.delete(path);
      deleted.push(path);
      return { path, trash: 'app' };
    },
  };
  let lines = TEXT.split('\n');
  const bridge: BudgetEditorBridge = {
    replaceLines: (start, end, text) => {
      if (end > lines.length) return false;
      lines = [...lines.slice(0, start - 1), ...text.split('\n'), ...lines.slice(end)];
      return true;
    },
    findLine: (text) => {
      const i = lines.indexOf(text);
      return i < 0 ? null : i + 1;
    },
    linesText: (start, end) => lines.slice(start - 1, end).join('\n'),
    jumpToLine: () => undefined,
  };
  const store = createStore<BudgetSlice>()(createBudgetSlice(port));
  store.getState().registerBudgetBridge(bridge);
  const travel = parseSections(TEXT).find((s) => s.title === 'Travel')!;
  return { store, files, deleted, text: () => lines.join('\n'), plan: planMoveSection(TEXT, travel, 'travel') };
}

describe('move a section to a topic file', () => {
  it('creates the topic file, leaves the pointer, and undo restores the text and trashes the untouched file', async () => {
    const t = setup();
    expect(await t.store.getState().moveSectionToTopic(t.plan, 'Travel')).toBe(true);
    expect(t.files.get('memory/travel.md')!.text).toBe('## Travel\n\n- Passport renewal due 2027-01.\n');
    expect(t.text()).toContain('- Travel: moved to memory/travel.md');
    expect(t.text()).not.toContain('Passport');
    await t.store.getState().undoSectionMove();
    expect(t.text()).toBe(TEXT);
    expect(t.deleted).toEqual(['memory/travel.md']);
    expect(t.store.getState().budget.lastMove).toBeNull();
  });

  it('never overwrites an existing topic file', async () => {
    const t = setup({ 'memory/travel.md': 'mine\n' });
    expect(await t.store.getState().moveSectionToTopic(t.plan, 'Travel')).toBe(false);
    expect(t.store.getState().budget.moveError?.message).toContain('already exists');
    expect(t.files.get('memory/travel.md')!.text).toBe('mine\n');
    expect(t.text()).toBe(TEXT);
  });

  it('undo leaves a topic file the user has changed since', async () => {
    const t = setup();
    await t.store.getState().moveSectionToTopic(t.plan, 'Travel');
    t.files.set('memory/travel.md', { text: 'edited meanwhile\n', hash: 'other' });
    await t.store.getState().undoSectionMove();
    expect(t.text()).toBe(TEXT);
    expect(t.deleted).toEqual([]);
    expect(t.store.getState().budget.moveError?.message).toContain('was changed');
  });
});
