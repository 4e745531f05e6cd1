// Index health: files our index skipped or failed (and why), frontmatter checksums that do not
// match, and links from memory to memory files that do not exist.
import path from 'node:path';
import type { Finding } from '../../../shared/doctor-schemas.js';
import type { DoctorFile, IndexProblem } from './doctor-input.js';
import { findingId } from './finding-id.js';
import { readMemoryLines } from './memory-lines.js';
import { english, say, titled } from './doctor-text.js';

const MD_LINK = /\]\(([^)\s#]+\.md)(?:#[^)]*)?\)/g;

export function findIndexHealth(
  files: readonly DoctorFile[],
  problems: readonly IndexProblem[],
  knownPaths: ReadonlySet<string>,
): Finding[] {
  const findings: Finding[] = problems.map((p) => ({
    id: findingId('index', p.path, `${p.kind}\0${typeof p.reason === 'string' ? p.reason : english(p.reason)}`),
    kind: 'index' as const,
    subkind: p.kind,
    ...titled(
      say(
        p.kind === 'checksum'
          ? 'finding.checksumTitle'
          : p.kind === 'skipped'
            ? 'finding.notIndexedSkipped'
            : 'finding.notIndexedFailed',
        { path: p.path },
      ),
      say('finding.indexReason', { reason: p.reason }),
    ),
    evidence: [{ path: p.path, startLine: 1, endLine: 1, text: '', date: null, dateSource: null }],
    fixes: [],
  }));
  for (const file of files) {
    for (const line of readMemoryLines(file.text)) {
      if (!line.body) continue;
      for (const match of line.text.matchAll(MD_LINK)) {
        const target = match[1]!;
        if (/^[a-z]+:/i.test(target) || path.posix.isAbsolute(target)) continue;
        const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file.path), decodeURI(target)));
        if (knownPaths.has(resolved)) continue;
        findings.push({
          id: findingId('index', file.path, `broken-link\0${resolved}`),
          kind: 'index',
          subkind: 'broken-link',
          ...titled(
            say('finding.brokenLinkTitle', { path: file.path, line: line.line, target: resolved }),
            say('finding.brokenLinkDetail'),
          ),
          evidence: [
            {
              path: file.path,
              startLine: line.line,
              endLine: line.line,
              text: line.text,
              date: file.date,
              dateSource: file.dateSource,
            },
          ],
          fixes: [],
        });
      }
    }
  }
  return findings;
}
