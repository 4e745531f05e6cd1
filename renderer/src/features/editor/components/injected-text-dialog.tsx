// Exactly what the agent receives for the open file, computed from the editor's live text: the
// prompt heading, the kept head, OpenClaw's truncation marker (highlighted), the kept tail — after
// OpenClaw's prompt clean-up. The character count is what the budget counted.
import { useMemo, useState } from 'react';
import { budgetOneFile, injectedText } from '../../../../../shared/bootstrap-budget';
import { bootstrapProfile } from '../../../../../shared/bootstrap-profiles';
import { formatChars } from '../../../../../shared/context-summary';
import { promptTextFor } from '../../../../../shared/prompt-text';
import { Dialog } from '../../../lib/dialog';
import { MarkedText } from '../../../lib/marked-text';
import { useBudget } from '../stores/budget-store-context';

export function InjectedTextDialog({ onClose }: { onClose(): void }) {
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
    <Dialog title={`What the agent receives: ${params.name}`} testId="injected-text-dialog" wide onClose={onClose}>
      <p className="injected-text__summary" data-testid="injected-summary">
        {view.budget.injectedChars > 0
          ? `${formatChars(view.budget.injectedChars)} characters counted against the budget (OpenClaw ${params.version}); shown as it reads in the system prompt, under its heading.`
          : 'Nothing: this file is not injected.'}
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
            {copied ? 'Copied' : 'Copy'}
          </button>
        )}
        <button type="button" className="button button--primary" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
