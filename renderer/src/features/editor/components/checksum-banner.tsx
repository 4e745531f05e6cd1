import { Trans, useTranslation } from 'react-i18next';
import { useEditor } from '../stores/editor-store-context';

/**
 * The seeds' integrity contract: a file whose frontmatter `checksum` no longer matches its body
 * was changed outside the app (or damaged). Say so, never fix it silently; the user may accept the
 * body as intended, which rewrites only `checksum` and `updated`.
 */
export function ChecksumBanner() {
  const { t } = useTranslation('editor');
  const { checksum, phase, view } = useEditor((s) => ({
    checksum: s.editor.doc?.checksum ?? null,
    phase: s.editor.doc?.phase ?? 'loading',
    view: s.editor.doc?.view ?? 'text',
  }));
  const acceptChecksum = useEditor((s) => s.acceptChecksum);
  if (view !== 'text' || !checksum || checksum.ok) return null;
  const clean = phase === 'clean';
  return (
    <div className="banner banner--warning" role="alert" data-testid="checksum-banner">
      <span>
        <Trans
          t={t}
          i18nKey="checksum.text"
          values={{ declared: short(checksum.declared), actual: short(checksum.actual) }}
          components={{ declared: <code title={checksum.declared} />, actual: <code title={checksum.actual} /> }}
        />
      </span>
      <button
        type="button"
        className="button"
        data-testid="checksum-accept"
        disabled={!clean}
        title={clean ? t('checksum.acceptTitle') : t('checksum.saveFirst')}
        onClick={() => void acceptChecksum()}
      >
        {t('checksum.accept')}
      </button>
    </div>
  );
}

function short(hash: string): string {
  const hex = hash.replace(/^sha256:\s*/i, '');
  return hex.length > 12 ? `${hex.slice(0, 12)}…` : hex;
}
