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

interface Planned {
  read: BootstrapFileRead;
  order: number;
  note: string | null;
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
  if (config.info.status === 'invalid')
    notes.push(
      `openclaw.json could not be read (${config.info.error}); OpenClaw would refuse to start with it, so the built-in limits are shown.`,
    );
  if (agent.id && !agent.configured.includes(agent.id) && config.value)
    notes.push(`Agent "${agent.id}" is not in openclaw.json; agents.defaults apply to it.`);
  if (!profile.perAgentLimits && agent.id)
    notes.push(`OpenClaw ${profile.version} reads agents.defaults only; per-agent limits need 2026.9.6.`);

  // Which files enter the budget loop, in order, and as what.
  const inputs: BudgetInput[] = [];
  const planned: Planned[] = [];
  const seen = new Set<string>();
  profile.files.forEach((rule, index) => {
    const read = files.get(rule.name)!;
    const plan: Planned = { read, order: index + 1, note: rule.note ?? null, budgetIndex: null };
    planned.push(plan);
    if (rule.onlyWithout && files.get(rule.onlyWithout)?.read.state === 'present') {
      plan.status = read.read.state === 'present' ? 'not-loaded' : 'absent';
      if (read.read.state === 'present')
        plan.note = `OpenClaw ${profile.version} loads ${rule.name} only when there is no ${rule.onlyWithout}.`;
      return;
    }
    const state = read.read;
    if (state.state === 'present') {
      // 2026.2.26 loads MEMORY.md and memory.md both, unless they are one file under two names.
      if (seen.has(state.identity)) {
        plan.status = 'not-loaded';
        plan.note = 'The same file as one loaded above (another name for it); OpenClaw loads it once.';
        return;
      }
      seen.add(state.identity);
      plan.budgetIndex = inputs.length;
      inputs.push({ name: rule.name, absPath: read.absPath, kind: 'text', content: state.content });
    } else if (state.state === 'unreadable') {
      plan.note = `OpenClaw cannot read it: ${state.reason}.`;
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
      note: ignored.reason,
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
    notes,
  };
}

function baseNotes(profile: BootstrapProfile): string[] {
  return [
    `Reproduces OpenClaw ${profile.version} for a main (direct) session: sub-agent and cron sessions load fewer files, group and channel sessions leave MEMORY.md out, and hooks or plugins may add files.`,
    'Counts are UTF-16 code units (JavaScript string length), as OpenClaw counts; trailing whitespace is not counted.',
  ];
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
    note: read.read.state === 'absent' && plan.status !== 'not-loaded' ? null : plan.note,
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
    result.note =
      budget.remainingBefore < MIN_REMAINING_FOR_FILE
        ? `Only ${budget.remainingBefore} characters of the total were left (OpenClaw needs ${MIN_REMAINING_FOR_FILE}); the agent does not see this file.`
        : 'The total budget was used up by the files before it; the agent does not see this file.';
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
