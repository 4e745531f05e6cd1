// Exactly what the agent receives for the open file, computed from the editor's live text: the
// prompt heading, the kept head, OpenClaw's truncation marker (highlighted), the kept tail — after
// OpenClaw's prompt clean-up. The character count is what the budget counted.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { budgetOneFile, injectedText } from '../../../../../shared/bootstrap-budget';
import { bootstrapProfile } from '../../../../../shared/bootstrap-profiles';
import { formatChars } from '../../../../../shared/context-summary';
import { promptTextFor } from '../../../../../shared/prompt-text';
import { Dialog } from '../../../lib/dialog';
import { MarkedText } from '../../../lib/marked-text';
import { useBudget } from '../stores/budget-store-context';

export function InjectedTextDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation('editor');
  const params = useBudget((s) => s.budget.params);
  const bom = useBudget((s) => s.editor.doc?.bom ?? false);
  const readEditorText = useBudget((s) => s.readEditorText);
  const [copied, setCopied] = useState(false);
  const view = useMemo(() => {
    const text = readEditorText();
    if (!params || text === null) return null;
    const profile = bootstrapProfile(params.version);
    const content = (bom ? '\uFEFF' : '') + text;
    const { budget } = budgetOneFile(content, params.name, params.perFile, params.remainingBefore, profile);
    const injected = injectedText(content, budget);
    return {
      budget,
      injected,
      prompt: budget.injectedChars > 0 ? promptTextFor(profile, params.absPath, injected) : '',
    };
  }, [params, bom, readEditorText]);
  if (!params || !view) return null;
  return (
    <Dialog title={t('injected.title', { name: params.name })} testId="injected-text-dialog" wide onClose={onClose}>
      <p className="injected-text__summary" data-testid="injected-summary">
        {view.budget.injectedChars > 0
          ? t('injected.summary', { chars: formatChars(view.budget.injectedChars), version: params.version })
          : t('injected.nothing')}
      </p>
      {view.prompt && <MarkedText text={view.prompt} />}
      <div className="form__actions">
        {view.prompt && (
          <button
            type="button"
            className="button"
            onClick={() =>
              void navigator.clipboard?.writeText(view.prompt).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {copied ? t('injected.copied') : t('injected.copy')}
          </button>
        )}
        <button type="button" className="button button--primary" onClick={onClose}>
          {t('injected.close')}
        </button>
      </div>
    </Dialog>
  );
}
