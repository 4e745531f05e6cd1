// The Context view: every bootstrap file in OpenClaw's injection order with its budget bar, the
// prompt's total against its cap, the limits and where each came from, the sections dreaming
// promoted into MEMORY.md, and — per file — exactly the text the agent receives.
import { useEffect } from 'react';
import { OPENCLAW_VERSIONS, isOpenclawVersion } from '../../../../../shared/bootstrap-profiles';
import {
  budgetConsequence,
  budgetLevel,
  capWords,
  formatChars,
  totalLevel,
} from '../../../../../shared/context-summary';
import type { ContextFile, ContextReport, ResolvedLimit } from '../../../../../shared/domain';
import { BudgetMeter } from '../../../lib/budget-meter';
import { Dialog } from '../../../lib/dialog';
import { MarkedText } from '../../../lib/marked-text';
import { contextStore, useContextView } from '../stores/context-store-context';

const SOURCE_WORDS: Record<ResolvedLimit['source'], string> = {
  default: 'default',
  'config-defaults': 'openclaw.json',
  'config-agent': 'openclaw.json (agent)',
  override: 'override',
};

/** What each status means for the agent, said on the chip (missing and absent read alike otherwise). */
const STATUS_HELP: Partial<Record<ContextFile['status'], string>> = {
  missing:
    'Not in the workspace, but OpenClaw asks for it: the agent sees a "[MISSING] Expected at: …" line in its place, which uses budget.',
  absent:
    'Not in the workspace, and this OpenClaw release does not ask for it: nothing is injected and no budget is used.',
};

const STATUS_WORDS: Record<ContextFile['status'], string> = {
  full: 'sees all',
  truncated: 'cut',
  missing: 'missing',
  absent: 'absent',
  empty: 'empty',
  'over-budget': 'left out',
  'not-loaded': 'not loaded',
  unreadable: 'unreadable',
};

export function ContextView({ onOpen }: { onOpen(path: string, line?: number): void }) {
  const store = contextStore.useSliceStore();
  const { report, loading, error, version, agent, textFor } = useContextView((s) => s.context);
  useEffect(() => {
    void store.getState().loadContext();
  }, [store]);
  const { setContextVersion, setContextAgent, loadContext, showContextText, createBootstrapFile } = store.getState();

  return (
    <div className="context-view" data-testid="context-view" data-loading={loading || undefined}>
      <header className="context-view__head">
        <h2 className="context-view__title">What the agent sees at session start</h2>
        <label className="context-view__pick">
          OpenClaw
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
            Agent
            <select
              data-testid="context-agent"
              value={agent ?? ''}
              onChange={(e) => setContextAgent(e.target.value || null)}
            >
              <option value="">{report.agent.id && !agent ? `${report.agent.id} (default)` : 'defaults'}</option>
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
          Refresh
        </button>
      </header>
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
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
  const { injectedChars, totalCap, remaining } = report.totals;
  const level = totalLevel(injectedChars, totalCap);
  return (
    <>
      <section className="context-view__limits" data-testid="context-limits">
        <LimitLine label="Per file" limit={report.limits.perFile} />
        <LimitLine label="Total" limit={report.limits.total} />
        {report.limits.userCap !== null && (
          <div className="context-limit">
            <span className="context-limit__label">USER.md</span>
            <span className="context-limit__value">
              {formatChars(Math.min(report.limits.userCap, report.limits.perFile.value))}
            </span>
            <span className="context-limit__detail">
              its own cap: min(per file, {formatChars(report.limits.userCap)})
            </span>
          </div>
        )}
        <div className="context-limit">
          <span className="context-limit__label">Config</span>
          <span className="context-limit__detail" data-testid="context-config">
            {report.config.path
              ? `${report.config.path}${report.config.status === 'invalid' ? ` — cannot be read: ${report.config.error}` : ''}`
              : 'no openclaw.json found'}
            {report.agent.configured.length > 0
              ? ` · agent: ${report.agent.id ?? 'defaults'} (${report.agent.how})`
              : ''}
          </span>
        </div>
      </section>
      <div
        className={`context-view__total context-view__total--${level}`}
        data-testid="context-total"
        data-level={level}
      >
        <BudgetMeter
          used={injectedChars}
          cap={totalCap}
          level={level}
          label="All bootstrap files against the total cap"
        />
        <span>
          Prompt: <strong>{formatChars(injectedChars)}</strong> / {formatChars(totalCap)} chars (
          {((100 * injectedChars) / totalCap).toFixed(1)}%) · {formatChars(remaining)} left
        </span>
      </div>
      <ol className="context-files">
        {report.files.map((file) => (
          <FileRow key={file.name} file={file} onOpen={onOpen} onShowText={onShowText} onCreate={onCreate} />
        ))}
      </ol>
      {report.promoted.length > 0 && (
        <section className="context-view__promoted" data-testid="context-promoted">
          <h3>MEMORY.md sections written by OpenClaw dreaming, oldest first</h3>
          <ul>
            {report.promoted.map((p) => (
              <li key={`${p.startLine}`}>
                <button type="button" className="link-button" onClick={() => onOpen('MEMORY.md', p.startLine)}>
                  {p.kind === 'promoted' ? 'Promoted' : 'Consolidated'} {p.date}
                </button>{' '}
                <span className="context-file__detail">
                  lines {p.startLine}–{p.endLine} · {formatChars(p.chars)} chars · {p.entries} entr
                  {p.entries === 1 ? 'y' : 'ies'}
                </span>
              </li>
            ))}
          </ul>
          <p className="context-file__detail">
            Open MEMORY.md and use Sections → “Move to topic file…” to keep it compact.
          </p>
        </section>
      )}
      {report.warnings.length > 0 && (
        <section className="context-view__notes">
          <h3>OpenClaw’s log for this budget</h3>
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
          {report.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      </section>
    </>
  );
}

function LimitLine({ label, limit }: { label: string; limit: ResolvedLimit }) {
  return (
    <div className="context-limit">
      <span className="context-limit__label">{label}</span>
      <span className="context-limit__value">{formatChars(limit.value)}</span>
      <span className={`badge context-limit__source context-limit__source--${limit.source}`}>
        {SOURCE_WORDS[limit.source]}
      </span>
      <span className="context-limit__detail">{limit.detail}</span>
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
  const level = budgetLevel(file);
  const cap = file.cap?.value ?? (file.remainingBefore !== null ? Math.max(1, file.remainingBefore) : null);
  const numbers = [
    file.exists ? `${formatChars(file.measuredChars)} chars` : null,
    file.cap ? `cap ${capWords(file.cap)}` : null,
    file.injectedChars > 0 ? `${formatChars(file.injectedChars)} injected` : null,
  ]
    .filter(Boolean)
    .join(' · ');
  // The note says it better for files this release skips; the consequence for everything cut or missing.
  const consequence =
    file.status === 'full' || file.status === 'absent' || (file.status === 'not-loaded' && file.note)
      ? ''
      : `${budgetConsequence(file)}. `;
  // Absent and missing look alike (no file either way); say which one costs the agent budget.
  const meaning =
    (file.status === 'absent' || file.status === 'missing') && !file.note ? `${STATUS_HELP[file.status]} ` : '';
  const detail = `${meaning}${consequence}${file.note ?? ''}`.trim();
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
            title={STATUS_HELP[file.status]}
          >
            {STATUS_WORDS[file.status]}
          </span>
          <span className="context-file__numbers">{numbers || '—'}</span>
        </div>
        {(cap !== null && file.exists && file.status !== 'not-loaded') || detail ? (
          <div className="context-file__line">
            {cap !== null && file.exists && file.status !== 'not-loaded' && (
              <BudgetMeter used={file.measuredChars} cap={cap} level={level} label={`${file.name} against its cap`} />
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
            Text
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
            Create
          </button>
        )}
      </span>
    </li>
  );
}

function FileTextDialog({ file, onClose }: { file: ContextFile | null; onClose(): void }) {
  if (!file) return null;
  return (
    <Dialog title={`What the agent receives: ${file.name}`} testId="context-text-dialog" wide onClose={onClose}>
      <p className="injected-text__summary">
        {formatChars(file.injectedChars)} characters counted against the budget; shown as it reads in the system prompt,
        under its heading. This is the file as saved on disk.
      </p>
      <MarkedText text={file.promptText ?? file.injectedText ?? ''} />
      <div className="form__actions">
        <button type="button" className="button button--primary" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
