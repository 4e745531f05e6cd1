// Secrets in memory files, found by the one secret detector (shared/secrets.ts); the fix takes the
// value out of the line, leaving the label so the user knows where it was kept.
import type { DoctorMessage, Finding } from '../../../shared/doctor-schemas.js';
import { findSecrets, maskLabel, maskSecrets, type SecretFinding } from '../../../shared/secrets.js';
import type { DoctorFile } from './doctor-input.js';
import { findingId } from './finding-id.js';
import { replaceLines } from './fix-edits.js';
import { splitLines } from './memory-lines.js';
import { labelled, say, titled } from './doctor-text.js';

export const REMOVED_SECRET = '[removed — kept in a password manager]';

/** `checkpoint` runs between files: the background pass stops there while a search runs. */
export function findSecretFindings(files: readonly DoctorFile[], checkpoint: () => void = () => undefined): Finding[] {
  const findings: Finding[] = [];
  for (const file of files) {
    checkpoint();
    const lines = splitLines(file.text);
    lines.forEach((text, i) => {
      const found = findSecrets(text);
      if (found.length === 0) return;
      let cleaned = '';
      let at = 0;
      for (const f of found) {
        cleaned += text.slice(at, f.start) + REMOVED_SECRET;
        at = f.end;
      }
      cleaned += text.slice(at);
      findings.push({
        // The value itself never goes into the id (it is printed and logged): its mask does.
        id: findingId('secret', file.path, `${i + 1}\0${found.map((f) => maskLabel(f)).join('\0')}`),
        kind: 'secret',
        subkind: found[0]!.kind,
        ...titled(
          say('finding.secretTitle', {
            labels: labelsMessage(found),
            path: file.path,
            line: i + 1,
          }),
          say('finding.secretDetail'),
        ),
        evidence: [
          {
            path: file.path,
            startLine: i + 1,
            endLine: i + 1,
            text: maskSecrets(text),
            date: file.date,
            dateSource: file.dateSource,
          },
        ],
        fixes: [
          {
            id: 'remove-value',
            ...labelled(say('finding.removeValue')),
            reason: `doctor: secret removed from ${file.path}:${i + 1}`,
            edits: [replaceLines(file, i + 1, i + 1, [cleaned])],
          },
        ],
      });
    });
  }
  return findings;
}

/** A value as a title names it: the kind in words where it is a word, else its mask (`sk-…9xQ2`). */
function labelMessage(f: SecretFinding): DoctorMessage | string {
  if (f.kind === 'password') return say('finding.secretPassword', { length: f.value.length });
  if (f.kind === 'private-key') return say('finding.secretPrivateKey');
  if (f.kind === 'token') return say('finding.secretToken', { tail: f.value.slice(-4) });
  return maskLabel(f);
}

/** The values of one line, listed in the reader's language. */
function labelsMessage(found: readonly SecretFinding[]): DoctorMessage | string {
  const [first, ...rest] = found.map(labelMessage);
  return rest.length === 0
    ? first!
    : say('finding.secretLabels', { first: first!, rest: labelsMessage(found.slice(1)) });
}
