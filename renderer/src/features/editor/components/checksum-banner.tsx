import { useEditor } from '../stores/editor-store-context';

/**
 * The seeds' integrity contract: a file whose frontmatter `checksum` no longer matches its body
 * was changed outside the app (or damaged). Say so, never fix it silently; the user may accept the
 * body as intended, which rewrites only `checksum` and `updated`.
 */
export function ChecksumBanner() {
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
        The frontmatter checksum does not match the text: it was changed outside Memory Lens, or damaged. Declared{' '}
        <code title={checksum.declared}>{short(checksum.declared)}</code>, the text hashes to{' '}
        <code title={checksum.actual}>{short(checksum.actual)}</code>.
      </span>
      <button
        type="button"
        className="button"
        data-testid="checksum-accept"
        disabled={!clean}
        title={
          clean
            ? 'Rewrite only the checksum and updated fields so they match this text'
            : 'Save or discard your edits first'
        }
        onClick={() => void acceptChecksum()}
      >
        Accept as intended
      </button>
    </div>
  );
}

function short(hash: string): string {
  const hex = hash.replace(/^sha256:\s*/i, '');
  return hex.length > 12 ? `${hex.slice(0, 12)}…` : hex;
}
