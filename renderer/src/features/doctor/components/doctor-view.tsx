// The Doctor view: what in memory is duplicated, contradicted, never used, cut by the bootstrap
// budget, promoted by dreaming, unsafe or missing from the index — grouped by kind, each finding
// with the places it cites (they open the editor at those lines) and its one-click fixes.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Finding, FindingEvidence } from '../../../../../shared/doctor-schemas';
import { localText } from '../../../../../shared/i18n';
import { formatDate } from '../../../lib/format-locale';
import { doctorStore, useDoctor } from '../stores/doctor-store-context';
import { shownFindings, VIEW_ORDER, type DoctorFixOutcome } from '../stores/doctor-slice';
import { messageText } from './doctor-message';
import { shownText } from '../../../lib/error-message';

/** Places shown before "show more": a never-used finding can cite dozens of lines of one file. */
const EVIDENCE_SHOWN = 4;

export interface DoctorViewProps {
  /** Opens a memory file at these lines in the editor. */
  onOpen(path: string, startLine: number, endLine: number): void;
}

export function DoctorView({ onOpen }: DoctorViewProps) {
  const { t, i18n } = useTranslation('doctor');
  const store = doctorStore.useSliceStore();
  const s = useDoctor((st) => st.doctor);
  useEffect(() => {
    void store.getState().loadDoctor();
  }, [store]);
  const { loadDoctor, applyDoctorFix } = store.getState();
  const findings = shownFindings(s);
  const groups = VIEW_ORDER.map((kind) => ({ kind, findings: findings.filter((f) => f.kind === kind) })).filter(
    (g) => g.findings.length > 0,
  );
  const report = s.report;
  const computing = s.status === 'loading' && !report;

  return (
    <div className="doctor-view" data-testid="doctor-view" data-state={computing ? 'computing' : s.status}>
      <header className="doctor-view__head">
        <div className="doctor-view__heading">
          <h2 className="doctor-view__title">{t('title')}</h2>
          <p className="doctor-view__lead muted">{t('viewTitle')}</p>
        </div>
        <button
          type="button"
          className="button"
          data-testid="doctor-refresh"
          disabled={s.status === 'loading'}
          onClick={() => void loadDoctor()}
        >
          {t('refresh')}
        </button>
      </header>

      {report && (
        <p className="doctor-view__meta muted" data-testid="doctor-meta">
          {t('checkedAt', { time: formatDate(i18n.language, report.computedAt, 'datetime'), ms: report.tookMs })}
          {' · '}
          {report.searches.count > 0 && report.searches.since !== null
            ? t('searches', {
                count: report.searches.count,
                since: formatDate(i18n.language, report.searches.since, 'date'),
              })
            : t('noSearches')}
        </p>
      )}
      {computing && (
        <p className="notice notice--info" data-testid="doctor-computing">
          {t('computing')}
        </p>
      )}
      {s.error && (
        <p className="notice notice--error" data-testid="doctor-error">
          {shownText(t, s.error)}
        </p>
      )}
      {s.lastFix && <FixOutcome outcome={s.lastFix} />}

      {report && groups.length === 0 && (
        <p className="doctor-view__nothing muted" data-testid="doctor-nothing">
          {t('nothing')}
        </p>
      )}
      {groups.length > 0 && (
        <nav className="doctor-kinds" aria-label={t('byKind')}>
          {groups.map((g) => (
            <a
              key={g.kind}
              className={`doctor-kind-chip doctor-kind-chip--${g.kind}`}
              href={`#doctor-${g.kind}`}
              data-testid="doctor-kind-chip"
              data-kind={g.kind}
              data-count={g.findings.length}
              onClick={(e) => {
                e.preventDefault();
                document.getElementById(`doctor-${g.kind}`)?.scrollIntoView({ block: 'start' });
              }}
            >
              {t(`kind.${g.kind}`)} <span className="doctor-kind-chip__count">{g.findings.length}</span>
            </a>
          ))}
        </nav>
      )}
      {groups.map((g) => (
        <section
          key={g.kind}
          id={`doctor-${g.kind}`}
          className="doctor-group"
          data-testid="doctor-group"
          data-kind={g.kind}
          data-count={g.findings.length}
        >
          <h3 className="doctor-group__title">
            {t(`kind.${g.kind}`)} <span className="muted">{g.findings.length}</span>
          </h3>
          <p className="doctor-group__meaning muted">{t(`meaning.${g.kind}`)}</p>
          <ol className="doctor-findings">
            {g.findings.map((f) => (
              <FindingCard
                key={f.id}
                finding={f}
                applying={s.applying}
                onOpen={onOpen}
                onFix={(fixId) => void applyDoctorFix(f.id, fixId)}
              />
            ))}
          </ol>
        </section>
      ))}
      {report && report.noteMessages.length > 0 && (
        <ul className="doctor-view__notes muted" data-testid="doctor-notes">
          {report.noteMessages.map((n) => (
            <li key={n.id}>{messageText(t, n)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

function FixOutcome({ outcome }: { outcome: DoctorFixOutcome }) {
  const { t } = useTranslation('doctor');
  const text =
    outcome.kind === 'fixed'
      ? t('fixed', { count: outcome.files.length, files: outcome.files.join(t('listSeparator')) })
      : outcome.kind === 'conflict'
        ? t('conflict')
        : t('fixFailed', { message: shownText(t, outcome.error) });
  return (
    <p
      className={`notice ${outcome.kind === 'fixed' ? 'notice--info' : 'notice--error'}`}
      data-testid="doctor-fix-result"
      data-kind={outcome.kind}
      role="status"
      title={outcome.kind === 'fixed' ? undefined : shownText(t, outcome.error)}
    >
      {text}
    </p>
  );
}

/** One finding: what it is, the places it cites, its fixes (one fix at a time in the whole view). */
function FindingCard({
  finding,
  applying,
  onOpen,
  onFix,
}: {
  finding: Finding;
  applying: string | null;
  onOpen: DoctorViewProps['onOpen'];
  onFix(fixId: string): void;
}) {
  const { t } = useTranslation('doctor');
  const [allShown, setAllShown] = useState(false);
  const evidence = allShown ? finding.evidence : finding.evidence.slice(0, EVIDENCE_SHOWN);
  const hidden = finding.evidence.length - evidence.length;
  return (
    <li
      className={`doctor-finding doctor-finding--${finding.kind}`}
      data-testid="doctor-finding"
      data-id={finding.id}
      data-kind={finding.kind}
      data-subkind={finding.subkind}
    >
      <div className="doctor-finding__title" data-testid="doctor-finding-title">
        {messageText(t, finding.titleMessage)}
      </div>
      {finding.detail && <div className="doctor-finding__detail muted">{messageText(t, finding.detailMessage)}</div>}
      <ul className="doctor-evidence">
        {evidence.map((e, i) => (
          <EvidenceRow key={`${e.path}:${e.startLine}:${i}`} evidence={e} onOpen={onOpen} />
        ))}
      </ul>
      {(hidden > 0 || allShown) && finding.evidence.length > EVIDENCE_SHOWN && (
        <button
          type="button"
          className="link-button doctor-finding__more"
          data-testid="doctor-evidence-more"
          onClick={() => setAllShown(!allShown)}
        >
          {allShown ? t('fewerEvidence') : t('moreEvidence', { count: hidden })}
        </button>
      )}
      {finding.fixes.length > 0 ? (
        <div className="doctor-finding__fixes">
          {finding.fixes.map((fix) => {
            const mine = applying === `${finding.id}/${fix.id}`;
            return (
              <button
                key={fix.id}
                type="button"
                className="button doctor-fix"
                data-testid="doctor-fix"
                data-fix={fix.id}
                disabled={applying !== null}
                title={t('fixTitle', { reason: fix.reason })}
                onClick={() => onFix(fix.id)}
              >
                {mine ? t('applying') : messageText(t, fix.labelMessage)}
              </button>
            );
          })}
        </div>
      ) : finding.kind === 'never-used' || finding.kind === 'dreaming' ? (
        <div className="doctor-finding__nofix muted">{t('noFix')}</div>
      ) : finding.subkind.startsWith('agent-') ? (
        <div className="doctor-finding__nofix muted" data-testid="doctor-agent-index-nofix">
          {t('agentIndexNoFix')}
        </div>
      ) : null}
    </li>
  );
}

function EvidenceRow({ evidence: e, onOpen }: { evidence: FindingEvidence; onOpen: DoctorViewProps['onOpen'] }) {
  const { t, i18n } = useTranslation('doctor');
  const lines = e.endLine > e.startLine ? `${e.startLine}–${e.endLine}` : `${e.startLine}`;
  const source = e.dateSource && isDateSource(e.dateSource) ? t(`dateSource.${e.dateSource}`) : null;
  return (
    <li className="doctor-evidence__row" data-testid="doctor-evidence" data-path={e.path} data-line={e.startLine}>
      <div className="doctor-evidence__where">
        <button
          type="button"
          className="link-button doctor-evidence__link"
          data-testid="doctor-evidence-link"
          title={t('openAt', { path: e.path, line: e.startLine })}
          onClick={() => onOpen(e.path, e.startLine, e.endLine)}
        >
          {e.path}:{lines}
        </button>
        {e.date && (
          <span className="doctor-evidence__date muted" title={source ?? undefined} data-testid="doctor-evidence-date">
            {formatDate(i18n.language, e.date, 'date')}
          </span>
        )}
        {e.noteMessage && (
          <span
            className={`badge doctor-evidence__note${e.noteMessage.id === 'finding.newer' ? ' badge--ok' : ''}`}
            data-testid="doctor-evidence-note"
          >
            {messageText(t, e.noteMessage)}
          </span>
        )}
        {e.authors && e.authors.length > 0 && (
          <span
            className="doctor-evidence__authors muted"
            data-testid="doctor-evidence-authors"
            data-kinds={[...new Set(e.authors.map((a) => a.kind))].join(' ')}
            title={e.authors
              .map(
                (a) =>
                  `${formatDate(i18n.language, a.time, 'datetime')}: ${localText(i18n.t, { message: a.label, ...a })}`,
              )
              .join('\n')}
          >
            {t('writtenBy', {
              authors: [...new Set(e.authors.map((a) => a.kind))]
                .map((kind) => t(`author.${kind}`))
                .join(t('listSeparator')),
            })}
          </span>
        )}
      </div>
      {e.text && <pre className="doctor-evidence__text">{e.text}</pre>}
    </li>
  );
}

const DATE_SOURCES = ['path', 'frontmatter', 'mtime', 'history'] as const;
function isDateSource(s: string): s is (typeof DATE_SOURCES)[number] {
  return (DATE_SOURCES as readonly string[]).includes(s);
}
