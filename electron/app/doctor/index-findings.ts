// Index health: files our index skipped or failed (and why), frontmatter checksums that do not
// match, memory files the agent's own index lacks or holds stale, and links from memory to memory
// files that do not exist.
import path from 'node:path';
import type { Finding } from '../../../shared/doctor-schemas.js';
import type { AgentIndexInput, DoctorFile, IndexProblem } from './doctor-input.js';
import { findingId } from './finding-id.js';
import { readMemoryLines } from './memory-lines.js';
import { english, noted, say, titled } from './doctor-text.js';

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

/**
 * Memory files OpenClaw's own index (its agent database, read-only) lacks or made from other bytes:
 * the agent's memory_search misses them or returns their old lines until it indexes them again.
 */
export function findAgentIndexHealth(indexes: readonly AgentIndexInput[], files: readonly DoctorFile[]): Finding[] {
  const hashes = new Map(files.map((f) => [f.path, f.hash]));
  const findings: Finding[] = [];
  for (const { agentId: agent, files: indexed } of indexes) {
    for (const f of indexed) {
      if (f.status !== 'missing' && f.status !== 'stale') continue;
      const date = f.indexedAt ? f.indexedAt.slice(0, 10) : null;
      const actual = hashes.get(f.path) ?? '';
      const text =
        f.status === 'missing'
          ? titled(
              say('finding.agentIndexMissingTitle', { path: f.path }),
              say('finding.agentIndexMissingDetail', { agent }),
            )
          : titled(
              date
                ? say('finding.agentIndexStaleTitle', { path: f.path, date })
                : say('finding.agentIndexStaleTitleUndated', { path: f.path }),
              say('finding.agentIndexStaleDetail', { agent }),
            );
      const note =
        f.status === 'missing'
          ? say('finding.agentIndexMissingNote', { agent })
          : say('finding.agentIndexStaleNote', {
              indexed: (f.indexedHash ?? '').slice(0, 12),
              actual: actual.slice(0, 12),
            });
      findings.push({
        id: findingId('index', f.path, `agent-${f.status}\0${agent}`),
        kind: 'index',
        subkind: `agent-${f.status}`,
        ...text,
        evidence: [{ path: f.path, startLine: 1, endLine: 1, text: '', date, dateSource: null, ...noted(note) }],
        fixes: [],
      });
    }
  }
  return findings;
}
