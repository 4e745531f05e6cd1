// The Context view: every bootstrap file in OpenClaw's injection order with its budget bar, the
// prompt's total against its cap, the limits and where each came from, the sections dreaming
// promoted into MEMORY.md, and — per file — exactly the text the agent receives.
import { useEffect } from 'react';
import type { TFunction } from 'i18next';
import { Trans, useTranslation } from 'react-i18next';
import { OPENCLAW_VERSIONS, isOpenclawVersion } from '../../../../../shared/bootstrap-profiles';
import {
  budgetConsequence,
  budgetLevel,
  capWords,
  formatChars,
  totalLevel,
} from '../../../../../shared/context-summary';
import type { ContextFile, ContextReport, ResolvedLimit } from '../../../../../shared/domain';
import { localText } from '../../../../../shared/i18n';
import { BudgetMeter } from '../../../lib/budget-meter';
import { Dialog } from '../../../lib/dialog';
import { MarkedText } from '../../../lib/marked-text';
import { contextStore, useContextView } from '../stores/context-store-context';
import { shownText } from '../../../lib/error-message';

const USER_FILE = 'USER.md';

/** The context namespace's key for where each limit came from. */
const SOURCE_WORDS = {
  default: 'source.default',
  'config-defaults': 'source.configDefaults',
  'config-agent': 'source.configAgent',
  override: 'source.override',
} as const satisfies Record<ResolvedLimit['source'], string>;

/** What each status means for the agent, said on the chip (missing and absent read alike otherwise). */
function statusHelp(t: TFunction<'context'>, status: ContextFile['status']): string | undefined {
  if (status === 'missing') return t('statusHelp.missing');
  if (status === 'absent') return t('statusHelp.absent');
  return undefined;
}

const STATUS_WORDS = {
  full: 'status.full',
  truncated: 'status.truncated',
  missing: 'status.missing',
  absent: 'status.absent',
  empty: 'status.empty',
  'over-budget': 'status.overBudget',
  'not-loaded': 'status.notLoaded',
  unreadable: 'status.unreadable',
} as const satisfies Record<ContextFile['status'], string>;

export function ContextView({ onOpen }: { onOpen(path: string, line?: number): void }) {
  const { t } = useTranslation('context');
  const store = contextStore.useSliceStore();
  const { report, loading, error, version, agent, textFor } = useContextView((s) => s.context);
  useEffect(() => {
    void store.getState().loadContext();
  }, [store]);
  const { setContextVersion, setContextAgent, loadContext, showContextText, createBootstrapFile } = store.getState();

  return (
    <div className="context-view" data-testid="context-view" data-loading={loading || undefined}>
      <header className="context-view__head">
        <h2 className="context-view__title">{t('title')}</h2>
        <label className="context-view__pick">
          {t('openclaw')}
          <select
            data-testid="context-version"
            value={version}
            onChange={(e) => isOpenclawVersion(e.target.value) && setContextVersion(e.target.value)}
          >
            {OPENCLAW_VERSIONS.map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </select>
        </label>
        {report && report.agent.configured.length > 0 && (
          <label className="context-view__pick">
            {t('agent')}
            <select
              data-testid="context-agent"
              value={agent ?? ''}
              onChange={(e) => setContextAgent(e.target.value || null)}
            >
              <option value="">
                {report.agent.id && !agent ? t('agentDefault', { id: report.agent.id }) : t('defaults')}
              </option>
              {report.agent.configured.map((id) => (
                <option key={id} value={id}>
                  {id}
                </option>
              ))}
            </select>
          </label>
        )}
        <button
          type="button"
          className="button"
          data-testid="context-refresh"
          onClick={() => void loadContext()}
          disabled={loading}
        >
          {t('refresh')}
        </button>
      </header>
      {error && (
        <p className="notice notice--error" role="alert">
          {shownText(t, error)}
        </p>
      )}
      {report && (
        <ReportBody
          report={report}
          onOpen={onOpen}
          onShowText={showContextText}
          onCreate={(name) => void createBootstrapFile(name).then((ok) => ok && onOpen(name))}
        />
      )}
      {report && textFor && (
        <FileTextDialog
          file={report.files.find((f) => f.name === textFor) ?? null}
          onClose={() => showContextText(null)}
        />
      )}
    </div>
  );
}

function ReportBody({
  report,
  onOpen,
  onShowText,
  onCreate,
}: {
  report: ContextReport;
  onOpen(path: string, line?: number): void;
  onShowText(name: string): void;
  onCreate(name: string): void;
}) {
  const { t } = useTranslation('context');
  const { injectedChars, totalCap, remaining } = report.totals;
  const level = totalLevel(injectedChars, totalCap);
  return (
    <>
      <section className="context-view__limits" data-testid="context-limits">
        <LimitLine label={t('limits.perFile')} limit={report.limits.perFile} />
        <LimitLine label={t('limits.total')} limit={report.limits.total} />
        {report.limits.userCap !== null && (
          <div className="context-limit">
            <span className="context-limit__label">{USER_FILE}</span>
            <span className="context-limit__value">
              {formatChars(Math.min(report.limits.userCap, report.limits.perFile.value))}
            </span>
            <span className="context-limit__detail">
              {t('limits.userCap', { cap: formatChars(report.limits.userCap) })}
            </span>
          </div>
        )}
        <div className="context-limit">
          <span className="context-limit__label">{t('limits.config')}</span>
          <span className="context-limit__detail" data-testid="context-config">
            {report.config.path
              ? report.config.status === 'invalid'
                ? t('limits.unreadable', { path: report.config.path, error: report.config.error })
                : report.config.path
              : t('limits.noConfig')}
            {report.agent.configured.length > 0
              ? t('limits.agent', {
                  id: report.agent.id ?? t('defaults'),
                  how: localText(t, {
                    message: report.agent.how,
                    messageId: report.agent.howId,
                    params: report.agent.howParams,
                  }),
                })
              : ''}
          </span>
        </div>
      </section>
      <div
        className={`context-view__total context-view__total--${level}`}
        data-testid="context-total"
        data-level={level}
      >
        <BudgetMeter used={injectedChars} cap={totalCap} level={level} label={t('total.meter')} />
        <span>
          <Trans
            t={t}
            i18nKey="total.prompt"
            values={{
              used: formatChars(injectedChars),
              cap: formatChars(totalCap),
              percent: (100 * injectedChars) / totalCap,
              left: formatChars(remaining),
            }}
            components={{ strong: <strong /> }}
          />
        </span>
      </div>
      <ol className="context-files">
        {report.files.map((file) => (
          <FileRow key={file.name} file={file} onOpen={onOpen} onShowText={onShowText} onCreate={onCreate} />
        ))}
      </ol>
      {report.promoted.length > 0 && (
        <section className="context-view__promoted" data-testid="context-promoted">
          <h3>{t('promoted.title')}</h3>
          <ul>
            {report.promoted.map((p) => (
              <li key={`${p.startLine}`}>
                <button type="button" className="link-button" onClick={() => onOpen('MEMORY.md', p.startLine)}>
                  {t(p.kind === 'promoted' ? 'promoted.promoted' : 'promoted.consolidated', { date: p.date })}
                </button>{' '}
                <span className="context-file__detail">
                  {t('promoted.lines', {
                    start: p.startLine,
                    end: p.endLine,
                    chars: formatChars(p.chars),
                    count: p.entries,
                  })}
                </span>
              </li>
            ))}
          </ul>
          <p className="context-file__detail">{t('promoted.hint')}</p>
        </section>
      )}
      {report.warnings.length > 0 && (
        <section className="context-view__notes">
          <h3>{t('log')}</h3>
          <ul>
            {report.warnings.map((w) => (
              <li key={w}>
                <code>{w}</code>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className="context-view__notes">
        <ul>
          {report.notes.map((n, i) => (
            <li key={n}>{localText(t, { message: n, ...report.noteRefs?.[i] })}</li>
          ))}
        </ul>
      </section>
    </>
  );
}

function LimitLine({ label, limit }: { label: string; limit: ResolvedLimit }) {
  const { t } = useTranslation('context');
  return (
    <div className="context-limit">
      <span className="context-limit__label">{label}</span>
      <span className="context-limit__value">{formatChars(limit.value)}</span>
      <span className={`badge context-limit__source context-limit__source--${limit.source}`}>
        {t(SOURCE_WORDS[limit.source])}
      </span>
      <span className="context-limit__detail">
        {localText(t, { message: limit.detail, messageId: limit.detailId, params: limit.detailParams })}
      </span>
    </div>
  );
}

function FileRow({
  file,
  onOpen,
  onShowText,
  onCreate,
}: {
  file: ContextFile;
  onOpen(path: string): void;
  onShowText(name: string): void;
  onCreate(name: string): void;
}) {
  const { t } = useTranslation('context');
  const level = budgetLevel(file);
  const cap = file.cap?.value ?? (file.remainingBefore !== null ? Math.max(1, file.remainingBefore) : null);
  const numbers = [
    file.exists ? t('file.chars', { chars: formatChars(file.measuredChars) }) : null,
    file.cap ? t('file.cap', { cap: capWords(file.cap, t) }) : null,
    file.injectedChars > 0 ? t('file.injected', { chars: formatChars(file.injectedChars) }) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  // The note says it better for files this release skips; the consequence for everything cut or missing.
  const consequence =
    file.status === 'full' || file.status === 'absent' || (file.status === 'not-loaded' && file.note)
      ? ''
      : `${t('budget.sentence', { text: budgetConsequence(file, t) })} `;
  // Absent and missing look alike (no file either way); say which one costs the agent budget.
  const meaning =
    (file.status === 'absent' || file.status === 'missing') && !file.note ? `${statusHelp(t, file.status)} ` : '';
  const note =
    file.note === null ? '' : localText(t, { message: file.note, messageId: file.noteId, params: file.noteParams });
  const detail = `${meaning}${consequence}${note}`.trim();
  return (
    <li
      className={`context-file context-file--${file.status}`}
      data-testid="context-file"
      data-name={file.name}
      data-status={file.status}
      data-level={level}
    >
      <span className="context-file__order">{file.order ?? '–'}</span>
      <div className="context-file__main">
        <div className="context-file__line">
          {file.exists ? (
            <button
              type="button"
              className="link-button context-file__name"
              data-testid="context-file-open"
              onClick={() => onOpen(file.path)}
            >
              {file.name}
            </button>
          ) : (
            <span className="context-file__name context-file__name--absent">{file.name}</span>
          )}
          <span
            className={`status-chip status-chip--${level}`}
            data-testid="context-status"
            title={statusHelp(t, file.status)}
          >
            {t(STATUS_WORDS[file.status])}
          </span>
          <span className="context-file__numbers">{numbers || '—'}</span>
        </div>
        {(cap !== null && file.exists && file.status !== 'not-loaded') || detail ? (
          <div className="context-file__line">
            {cap !== null && file.exists && file.status !== 'not-loaded' && (
              <BudgetMeter
                used={file.measuredChars}
                cap={cap}
                level={level}
                label={t('file.meter', { name: file.name })}
              />
            )}
            {detail && (
              <span className="context-file__detail" data-testid="context-file-detail">
                {detail}
              </span>
            )}
          </div>
        ) : null}
      </div>
      <span className="context-file__actions">
        {file.injectedText !== undefined && (
          <button
            type="button"
            className="button"
            data-testid="context-file-text"
            onClick={() => onShowText(file.name)}
          >
            {t('file.text')}
          </button>
        )}
        {/* Creating BOOTSTRAP.md would restart OpenClaw's first-run ritual: not offered. */}
        {!file.exists && file.editable && file.name !== 'BOOTSTRAP.md' && (
          <button
            type="button"
            className="button"
            data-testid="context-file-create"
            onClick={() => onCreate(file.name)}
          >
            {t('file.create')}
          </button>
        )}
      </span>
    </li>
  );
}

function FileTextDialog({ file, onClose }: { file: ContextFile | null; onClose(): void }) {
  const { t } = useTranslation('context');
  if (!file) return null;
  return (
    <Dialog title={t('dialog.title', { name: file.name })} testId="context-text-dialog" wide onClose={onClose}>
      <p className="injected-text__summary">{t('dialog.summary', { chars: formatChars(file.injectedChars) })}</p>
      <MarkedText text={file.promptText ?? file.injectedText ?? ''} />
      <div className="form__actions">
        <button type="button" className="button button--primary" onClick={onClose}>
          {t('dialog.close')}
        </button>
      </div>
    </Dialog>
  );
}
