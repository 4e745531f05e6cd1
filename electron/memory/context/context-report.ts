// `memlens context` and the `context` call: the bootstrap files on disk, openclaw.json's limits,
// and the budget arithmetic (shared/bootstrap-budget.ts) put together into one report of what the
// agent sees at the start of a session.
import {
  runBootstrapBudget,
  injectedText,
  type BudgetInput,
  type FileBudget,
} from '../../../shared/bootstrap-budget.js';
import {
  bootstrapProfile,
  DEFAULT_OPENCLAW_VERSION,
  MIN_REMAINING_FOR_FILE,
  type BootstrapProfile,
} from '../../../shared/bootstrap-profiles.js';
import type { ContextArgs, ContextFile, ContextReport } from '../../../shared/domain.js';
import { said, type MessageParams } from '../../../shared/i18n.js';
import { promotedSections } from '../../../shared/memory-sections.js';
import { promptTextFor } from '../../../shared/prompt-text.js';
import { withLines } from '../../../shared/text-lines.js';
import fs from 'node:fs';
import path from 'node:path';
import { readAgentRoster } from '../agent-db/agent-roster.js';
import { readBootstrapFiles, type BootstrapFileRead } from './bootstrap-files.js';
import { chooseAgent, loadOpenclawConfig, resolveLimit, type ConfigLocation } from '../workspace/openclaw-config.js';

export interface ContextReportOptions extends ContextArgs {
  workspaceDir: string;
  config: ConfigLocation;
}

/** A sentence of the report by message id (`context:report.*`), its English text beside it. */
type Note = ReturnType<typeof said>;
const note = (key: string, params?: MessageParams): Note => said(`context:report.${key}`, params);

/** A file's note as the report carries it: the English sentence and its message id. */
function fileNote(n: Note | null): Pick<ContextFile, 'note' | 'noteId' | 'noteParams'> {
  if (!n) return { note: null };
  return { note: n.message, noteId: n.messageId, ...(n.params ? { noteParams: n.params } : {}) };
}

interface Planned {
  read: BootstrapFileRead;
  order: number;
  note: Note | null;
  /** Index into the budget run, or null when nothing enters the loop for it. */
  budgetIndex: number | null;
  status?: ContextFile['status'];
}

/**
 * The one agent the found openclaw.json gives the open folder as its workspace: its limits apply
 * here, not the default agent's (the agent switcher opens another agent's workspace).
 */
function workspaceOwner(workspaceDir: string, configPath: string | undefined): string | undefined {
  if (!configPath) return undefined;
  const real = (p: string) => {
    try {
      return fs.realpathSync(p);
    } catch {
      return path.resolve(p);
    }
  };
  const here = real(workspaceDir);
  const owners = readAgentRoster(path.dirname(configPath)).agents.filter((a) => real(a.workspace) === here);
  return owners.length === 1 ? owners[0]!.id : undefined;
}

export async function buildContextReport(options: ContextReportOptions): Promise<ContextReport> {
  const profile = bootstrapProfile(options.openclawVersion ?? DEFAULT_OPENCLAW_VERSION);
  const config = await loadOpenclawConfig(options.config);
  const agent = chooseAgent(
    config.value,
    options.agent,
    workspaceOwner(options.workspaceDir, config.info.status === 'found' ? (config.info.path ?? undefined) : undefined),
  );
  const perFile = resolveLimit('perFile', config, profile, agent.id, options.limits?.perFile);
  const total = resolveLimit('total', config, profile, agent.id, options.limits?.total);
  const files = await readBootstrapFiles(options.workspaceDir, profile);
  const notes = baseNotes(profile);
  if (config.info.status === 'invalid') notes.push(note('note.configInvalid', { error: config.info.error ?? '' }));
  if (agent.id && !agent.configured.includes(agent.id) && config.value)
    notes.push(note('note.agentNotConfigured', { id: agent.id }));
  if (!profile.perAgentLimits && agent.id) notes.push(note('note.defaultsOnly', { version: profile.version }));

  // Which files enter the budget loop, in order, and as what.
  const inputs: BudgetInput[] = [];
  const planned: Planned[] = [];
  const seen = new Set<string>();
  profile.files.forEach((rule, index) => {
    const read = files.get(rule.name)!;
    const plan: Planned = {
      read,
      order: index + 1,
      note: rule.note ? note(`profile.${rule.note}`) : null,
      budgetIndex: null,
    };
    planned.push(plan);
    if (rule.onlyWithout && files.get(rule.onlyWithout)?.read.state === 'present') {
      plan.status = read.read.state === 'present' ? 'not-loaded' : 'absent';
      if (read.read.state === 'present')
        plan.note = note('file.onlyWithout', { version: profile.version, name: rule.name, other: rule.onlyWithout });
      return;
    }
    const state = read.read;
    if (state.state === 'present') {
      // 2026.2.26 loads MEMORY.md and memory.md both, unless they are one file under two names.
      if (seen.has(state.identity)) {
        plan.status = 'not-loaded';
        plan.note = note('file.sameFile');
        return;
      }
      seen.add(state.identity);
      plan.budgetIndex = inputs.length;
      inputs.push({ name: rule.name, absPath: read.absPath, kind: 'text', content: state.content });
    } else if (state.state === 'unreadable') {
      plan.note = note('file.unreadable', { reason: state.reason });
      plan.budgetIndex = inputs.length;
      // 2026.9.6 injects a short "[UNREADABLE: reason]" note; older releases treat it as missing.
      inputs.push(
        profile.trim === 'marker-inside'
          ? {
              name: rule.name,
              absPath: read.absPath,
              kind: 'text',
              content: `[UNREADABLE: workspace file could not be read (${state.reason})]`,
            }
          : { name: rule.name, absPath: read.absPath, kind: 'missing' },
      );
      plan.status = 'unreadable';
    } else if (rule.whenAbsent === 'missing-marker') {
      plan.budgetIndex = inputs.length;
      inputs.push({ name: rule.name, absPath: read.absPath, kind: 'missing' });
    } else {
      plan.status = 'absent';
    }
  });

  const run = runBootstrapBudget(inputs, { perFile: perFile.value, total: total.value }, profile);
  const reportFiles: ContextFile[] = planned.map((plan) =>
    toContextFile(
      plan,
      plan.budgetIndex === null ? null : run.files[plan.budgetIndex]!,
      profile,
      options.includeText === true,
    ),
  );
  for (const ignored of profile.notLoaded) {
    const read = files.get(ignored.name)!;
    if (read.read.state === 'absent') continue;
    reportFiles.push({
      ...emptyFile(read),
      status: 'not-loaded',
      exists: true,
      chars: read.read.state === 'present' ? read.read.content.length : 0,
      measuredChars: read.read.state === 'present' ? read.read.content.trimEnd().length : 0,
      ...fileNote(note(`profile.${ignored.reason}`)),
    });
  }
  const memory = files.get('MEMORY.md')?.read;
  return {
    workspaceDir: options.workspaceDir,
    openclawVersion: profile.version,
    agent,
    config: config.info,
    limits: { perFile, total, userCap: profile.userCap, minRemaining: MIN_REMAINING_FOR_FILE },
    files: reportFiles,
    totals: { injectedChars: run.injectedChars, totalCap: run.totalCap, remaining: run.remaining },
    promoted: memory?.state === 'present' ? promotedSections(memory.content) : [],
    warnings: run.warnings,
    notes: notes.map((n) => n.message),
    noteRefs: notes.map((n) => ({ messageId: n.messageId, ...(n.params ? { params: n.params } : {}) })),
  };
}

function baseNotes(profile: BootstrapProfile): Note[] {
  return [note('note.mainSession', { version: profile.version }), note('note.utf16')];
}

function emptyFile(read: BootstrapFileRead): ContextFile {
  return {
    name: read.name,
    path: read.name,
    absPath: read.absPath,
    order: null,
    status: 'absent',
    exists: false,
    chars: 0,
    measuredChars: 0,
    injectedChars: 0,
    remainingBefore: null,
    cap: null,
    dropped: [],
    note: null,
    editable: true,
  };
}

function toContextFile(
  plan: Planned,
  budget: FileBudget | null,
  profile: BootstrapProfile,
  includeText: boolean,
): ContextFile {
  const { read } = plan;
  const content = read.read.state === 'present' ? read.read.content : '';
  const file: ContextFile = {
    ...emptyFile(read),
    order: plan.order,
    exists: read.read.state !== 'absent',
    chars: content.length,
    measuredChars: content.trimEnd().length,
    // A rule's note explains a file that is there; an absent one needs none.
    ...fileNote(read.read.state === 'absent' && plan.status !== 'not-loaded' ? null : plan.note),
  };
  if (!budget) return { ...file, status: plan.status ?? 'absent' };
  const status: ContextFile['status'] = plan.status ?? budget.outcome;
  const result: ContextFile = {
    ...file,
    status,
    injectedChars: budget.injectedChars,
    remainingBefore: budget.remainingBefore,
    cap: budget.cap,
    dropped: read.read.state === 'present' ? withLines(content, budget.dropped) : [],
  };
  if (budget.outcome === 'over-budget' && read.read.state === 'present') {
    delete result.noteParams;
    Object.assign(
      result,
      fileNote(
        budget.remainingBefore < MIN_REMAINING_FOR_FILE
          ? note('file.leftOver', { left: budget.remainingBefore, min: MIN_REMAINING_FOR_FILE })
          : note('file.usedUp'),
      ),
    );
  }
  if (includeText && budget.injectedChars > 0) {
    const text = injectedText(inputText(read, profile), budget);
    result.injectedText = text;
    result.promptText = promptTextFor(profile, read.absPath, text);
  }
  return result;
}

/** The text that went into the loop for a file (its content, or the unreadable note). */
function inputText(read: BootstrapFileRead, profile: BootstrapProfile): string {
  if (read.read.state === 'present') return read.read.content;
  if (read.read.state === 'unreadable' && profile.trim === 'marker-inside')
    return `[UNREADABLE: workspace file could not be read (${read.read.reason})]`;
  return '';
}
