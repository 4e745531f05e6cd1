// Helpers for keeping a bootstrap file compact, all by hand: the sections OpenClaw's dreaming
// promoted (oldest first — the first candidates to move out), every section with its size and
// whether the agent sees it, and "move to a topic file" for any of them.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatChars } from '../../../../../shared/context-summary';
import {
  parseSections,
  planMoveSection,
  promotedSections,
  slugForSection,
  type MemorySection,
} from '../../../../../shared/memory-sections';
import { Dialog } from '../../../lib/dialog';
import { shownText } from '../../../lib/error-message';
import { useBudget } from '../stores/budget-store-context';

const PROMOTED_ROW = 'promoted-section';
const SECTION_ROW = 'memory-section';

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
  const { t } = useTranslation('editor');
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
          {t('sections.lines', { start: section.startLine, end: section.endLine, chars: formatChars(section.chars) })}
          {extra ? ` · ${extra}` : ''}
        </span>
        {cut && (
          <span className="badge badge--failed" title={t('sections.cutTitle')}>
            {cut === 'all' ? t('sections.notSeen') : t('sections.partlyCut')}
          </span>
        )}
        <button
          type="button"
          className="button sections__move"
          data-testid="section-move"
          onClick={() => setMoving(section)}
        >
          {t('sections.move')}
        </button>
      </li>
    );
  };

  return (
    <div className="sections" data-testid="sections-panel">
      <h3 className="sections__head">{t('sections.promotedHead')}</h3>
      {promoted.length === 0 ? (
        <p className="sections__empty">{t('sections.noPromoted')}</p>
      ) : (
        <ul className="sections__list">
          {promoted.map((p) =>
            row(
              p,
              t(p.kind === 'promoted' ? 'sections.promoted' : 'sections.consolidated', { date: p.date }),
              t('sections.entries', { count: p.entries }),
              PROMOTED_ROW,
            ),
          )}
        </ul>
      )}
      <h3 className="sections__head">{t('sections.allHead')}</h3>
      {sections.length === 0 ? (
        <p className="sections__empty">{t('sections.noHeadings')}</p>
      ) : (
        <ul className="sections__list">
          {sections.map((s) => row(s, s.title || t('sections.untitled'), null, SECTION_ROW))}
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
  const { t } = useTranslation('editor');
  const [slug, setSlug] = useState(() => slugForSection(section.title));
  const { moveSectionToTopic, busy, moveError } = useBudget((s) => ({
    moveSectionToTopic: s.moveSectionToTopic,
    busy: s.budget.busy,
    moveError: s.budget.moveError,
  }));
  const plan = planMoveSection(text, section, slug || section.title, eol);
  return (
    <Dialog
      title={t('sections.moveTitle', { title: section.title || t('sections.untitled') })}
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
          {t('sections.fileName')}
          <input type="text" value={slug} data-testid="move-section-slug" onChange={(e) => setSlug(e.target.value)} />
        </label>
        <p className="form__preview" data-testid="move-section-target">
          {t('sections.creates', {
            path: plan.topicPath,
            chars: formatChars(plan.topicText.length),
            start: plan.startLine,
            end: plan.endLine,
          })}
        </p>
        <pre className="form__preview sections__pointer">{plan.pointerLine}</pre>
        <p className="sections__hint">{t('sections.hint')}</p>
        {moveError && <p className="notice notice--error">{shownText(t, moveError)}</p>}
        <div className="form__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('sections.cancel')}
          </button>
          <button type="submit" className="button button--primary" data-testid="move-section-confirm" disabled={busy}>
            {t('sections.confirm')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
