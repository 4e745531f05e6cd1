// Helpers for keeping a bootstrap file compact, all by hand: the sections OpenClaw's dreaming
// promoted (oldest first — the first candidates to move out), every section with its size and
// whether the agent sees it, and "move to a topic file" for any of them.
import { useMemo, useState } from 'react';
import { formatChars } from '../../../../../shared/context-summary';
import {
  parseSections,
  planMoveSection,
  promotedSections,
  slugForSection,
  type MemorySection,
} from '../../../../../shared/memory-sections';
import { Dialog } from '../../../lib/dialog';
import { useBudget } from '../stores/budget-store-context';

function overlapsDropped(
  section: MemorySection,
  dropped: readonly { startLine: number; endLine: number }[],
): 'all' | 'part' | null {
  let covered = 0;
  for (const d of dropped)
    covered += Math.max(0, Math.min(d.endLine, section.endLine) - Math.max(d.startLine, section.startLine) + 1);
  const lines = section.endLine - section.startLine + 1;
  return covered === 0 ? null : covered >= lines ? 'all' : 'part';
}

export function MemorySectionsPanel() {
  const live = useBudget((s) => s.budget.live);
  const eol = useBudget((s) => s.editor.doc?.eol ?? 'lf');
  const { readEditorText, jumpToSection } = useBudget((s) => ({
    readEditorText: s.readEditorText,
    jumpToSection: s.jumpToSection,
  }));
  const [moving, setMoving] = useState<MemorySection | null>(null);
  // `live` changes with every edit, so the lists follow the text as you type.
  const text = useMemo(() => readEditorText() ?? '', [live, readEditorText]);
  const sections = useMemo(() => parseSections(text), [text]);
  const promoted = useMemo(() => promotedSections(text), [text]);
  const dropped = live?.droppedLines ?? [];

  const row = (section: MemorySection, label: string, extra: string | null, testId: string) => {
    const cut = overlapsDropped(section, dropped);
    return (
      <li
        key={`${section.startLine}-${label}`}
        className="sections__row"
        data-testid={testId}
        data-line={section.startLine}
      >
        <button
          type="button"
          className="link-button sections__title"
          style={{ paddingLeft: `${(section.level - 1) * 12}px` }}
          onClick={() => jumpToSection(section.startLine)}
        >
          {label}
        </button>
        <span className="sections__meta">
          lines {section.startLine}–{section.endLine} · {formatChars(section.chars)} chars{extra ? ` · ${extra}` : ''}
        </span>
        {cut && (
          <span className="badge badge--failed" title="The agent does not see (all or part of) this section">
            {cut === 'all' ? 'not seen' : 'partly cut'}
          </span>
        )}
        <button
          type="button"
          className="button sections__move"
          data-testid="section-move"
          onClick={() => setMoving(section)}
        >
          Move to topic file…
        </button>
      </li>
    );
  };

  return (
    <div className="sections" data-testid="sections-panel">
      <h3 className="sections__head">Written by OpenClaw dreaming, oldest first</h3>
      {promoted.length === 0 ? (
        <p className="sections__empty">No “Promoted From Short-Term Memory” sections in this file.</p>
      ) : (
        <ul className="sections__list">
          {promoted.map((p) =>
            row(
              p,
              `${p.kind === 'promoted' ? 'Promoted' : 'Consolidated'} ${p.date}`,
              `${p.entries} entr${p.entries === 1 ? 'y' : 'ies'}`,
              'promoted-section',
            ),
          )}
        </ul>
      )}
      <h3 className="sections__head">All sections</h3>
      {sections.length === 0 ? (
        <p className="sections__empty">No headings in this file.</p>
      ) : (
        <ul className="sections__list">
          {sections.map((s) => row(s, s.title || '(untitled)', null, 'memory-section'))}
        </ul>
      )}
      {moving && (
        <MoveSectionDialog
          section={moving}
          text={text}
          eol={eol === 'crlf' ? '\r\n' : '\n'}
          onClose={() => setMoving(null)}
        />
      )}
    </div>
  );
}

function MoveSectionDialog({
  section,
  text,
  eol,
  onClose,
}: {
  section: MemorySection;
  text: string;
  eol: string;
  onClose(): void;
}) {
  const [slug, setSlug] = useState(() => slugForSection(section.title));
  const { moveSectionToTopic, busy, moveError } = useBudget((s) => ({
    moveSectionToTopic: s.moveSectionToTopic,
    busy: s.budget.busy,
    moveError: s.budget.moveError,
  }));
  const plan = planMoveSection(text, section, slug || section.title, eol);
  return (
    <Dialog
      title={`Move “${section.title || '(untitled)'}” to a topic file`}
      testId="move-section-dialog"
      onClose={onClose}
    >
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          void moveSectionToTopic(plan, section.title || plan.topicPath).then((moved) => moved && onClose());
        }}
      >
        <label className="form__row">
          File name
          <input type="text" value={slug} data-testid="move-section-slug" onChange={(e) => setSlug(e.target.value)} />
        </label>
        <p className="form__preview" data-testid="move-section-target">
          Creates {plan.topicPath} ({formatChars(plan.topicText.length)} chars, lines {plan.startLine}–{plan.endLine})
          and leaves this line in their place:
        </p>
        <pre className="form__preview sections__pointer">{plan.pointerLine}</pre>
        <p className="sections__hint">
          The section stays searchable (memory_search indexes memory/), but the agent no longer reads it at every start.
          The new file is written now; this file keeps the change unsaved until you save. Undo move puts the section
          back and moves the new file to the trash.
        </p>
        {moveError && <p className="notice notice--error">{moveError}</p>}
        <div className="form__actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" data-testid="move-section-confirm" disabled={busy}>
            Move
          </button>
        </div>
      </form>
    </Dialog>
  );
}
