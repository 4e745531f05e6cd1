// The status bar's line about the doctor ("Doctor: 3 conflicts, 12 duplicates"): the latest
// finished pass's counts, from the slice only — showing it never starts the doctor; a click opens
// the Doctor view, which does.
import { useTranslation } from 'react-i18next';
import { countedKinds } from '../stores/doctor-slice';
import { useDoctor } from '../stores/doctor-store-context';

/** Kinds named in the bar itself; the tooltip names them all. */
const KINDS_SHOWN = 3;

export function DoctorSummary({ onOpen }: { onOpen(): void }) {
  const { t } = useTranslation('doctor');
  const { summary, loading } = useDoctor((s) => ({
    summary: s.doctor.summary,
    loading: s.doctor.status === 'loading',
  }));
  const kinds = summary ? countedKinds(summary.counts) : [];
  const words = kinds.map((k) => t(`count.${k.kind}`, { count: k.count }));
  const text = !summary
    ? loading
      ? t('summaryComputing')
      : t('summaryIdle')
    : words.length === 0
      ? t('summaryNothing')
      : t('summary', { summary: words.slice(0, KINDS_SHOWN).join(t('listSeparator')) });
  const title = !summary
    ? t('summaryIdleTitle')
    : words.length > KINDS_SHOWN
      ? t('summary', { summary: words.join(t('listSeparator')) })
      : text;
  return (
    <button
      type="button"
      className={`status-bar__button doctor-summary${kinds.some((k) => k.kind === 'conflict' || k.kind === 'secret') ? ' status--warn' : ''}`}
      data-testid="status-doctor"
      data-state={summary ? summary.state : loading ? 'computing' : 'idle'}
      data-counts={summary ? JSON.stringify(summary.counts) : undefined}
      title={title}
      onClick={onOpen}
    >
      {text}
    </button>
  );
}
