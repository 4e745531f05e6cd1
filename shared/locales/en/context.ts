// The Context view's words in English: the bootstrap files the agent receives at session start.
export const context = {
  title: 'What the agent sees at session start',
  openclaw: 'OpenClaw',
  agent: 'Agent',
  agentDefault: '{{id}} (default)',
  defaults: 'defaults',
  refresh: 'Refresh',
  source: {
    default: 'default',
    configDefaults: 'openclaw.json',
    configAgent: 'openclaw.json (agent)',
    override: 'override',
  },
  statusHelp: {
    missing:
      'Not in the workspace, but OpenClaw asks for it: the agent sees a "[MISSING] Expected at: …" line in its place, which uses budget.',
    absent:
      'Not in the workspace, and this OpenClaw release does not ask for it: nothing is injected and no budget is used.',
  },
  status: {
    full: 'sees all',
    truncated: 'cut',
    missing: 'missing',
    absent: 'absent',
    empty: 'empty',
    overBudget: 'left out',
    notLoaded: 'not loaded',
    unreadable: 'unreadable',
  },
  limits: {
    perFile: 'Per file',
    total: 'Total',
    userCap: 'its own cap: min(per file, {{cap}})',
    config: 'Config',
    unreadable: '{{path}} — cannot be read: {{error, syserror}}',
    noConfig: 'no openclaw.json found',
    agent: ' · agent: {{id}} ({{how}})',
  },
  total: {
    meter: 'All bootstrap files against the total cap',
    prompt:
      'Prompt: <strong>{{used}}</strong> / {{cap}} chars ({{percent, number(minimumFractionDigits: 1; maximumFractionDigits: 1)}}%) · {{left}} left',
  },
  promoted: {
    title: 'MEMORY.md sections written by OpenClaw dreaming, oldest first',
    promoted: 'Promoted {{date}}',
    consolidated: 'Consolidated {{date}}',
    lines_one: 'lines {{start}}–{{end}} · {{chars}} chars · {{count, number}} entry',
    lines_other: 'lines {{start}}–{{end}} · {{chars}} chars · {{count, number}} entries',
    hint: 'Open MEMORY.md and use Sections → “Move to topic file…” to keep it compact.',
  },
  budget: {
    headline: '{{name}} {{size}} — {{consequence}}',
    sizeCapped: '{{chars}} / {{cap}} chars',
    size: '{{chars}} chars',
    seesAll: 'the agent sees all of it',
    near: '{{share}}% of the cap: close to being cut',
    notSee: 'the agent will not see {{lines}}',
    line: 'line {{lines}}',
    lines: 'lines {{lines}}',
    cut: 'cut to fit',
    leftOver: 'not injected: only {{chars}} of the total were left',
    usedUp: 'not injected: the total budget was used up by the files before it',
    missing: 'absent; OpenClaw injects a {{chars}}-character [MISSING] note instead',
    absent: 'absent (optional, nothing injected)',
    empty: 'empty, nothing injected',
    notLoaded: 'not loaded by this OpenClaw release',
    unreadable: 'OpenClaw cannot read it',
    sentence: '{{text}}.',
    cap: '{{value}} ({{kind}})',
    capKind: {
      perFile: 'per-file cap',
      user: "USER.md's own cap",
      remainingTotal: 'what was left of the total',
    },
  },
  log: 'OpenClaw’s log for this budget',
  file: {
    chars: '{{chars}} chars',
    cap: 'cap {{cap}}',
    injected: '{{chars}} injected',
    meter: '{{name}} against its cap',
    text: 'Text',
    create: 'Create',
  },
  dialog: {
    title: 'What the agent receives: {{name}}',
    summary:
      '{{chars}} characters counted against the budget; shown as it reads in the system prompt, under its heading. This is the file as saved on disk.',
    close: 'Close',
  },
  // Sentences the context report makes (electron/memory/context), by id: the API carries the English.
  report: {
    note: {
      mainSession:
        'Reproduces OpenClaw {{version}} for a main (direct) session: sub-agent and cron sessions load fewer files, group and channel sessions leave MEMORY.md out, and hooks or plugins may add files.',
      utf16:
        'Counts are UTF-16 code units (JavaScript string length), as OpenClaw counts; trailing whitespace is not counted.',
      configInvalid:
        'openclaw.json could not be read ({{error, syserror}}); OpenClaw would refuse to start with it, so the built-in limits are shown.',
      agentNotConfigured: 'Agent "{{id}}" is not in openclaw.json; agents.defaults apply to it.',
      defaultsOnly: 'OpenClaw {{version}} reads agents.defaults only; per-agent limits need 2026.9.6.',
    },
    file: {
      onlyWithout: 'OpenClaw {{version}} loads {{name}} only when there is no {{other}}.',
      sameFile: 'The same file as one loaded above (another name for it); OpenClaw loads it once.',
      unreadable: 'OpenClaw cannot read it: {{reason}}.',
      leftOver:
        'Only {{left}} characters of the total were left (OpenClaw needs {{min}}); the agent does not see this file.',
      usedUp: 'The total budget was used up by the files before it; the agent does not see this file.',
      notLoaded: 'Not loaded by OpenClaw {{version}}.',
    },
    profile: {
      bootstrapSetup:
        'Injected while the workspace is being set up; once OpenClaw records setup as complete it is left out even if the file still exists.',
      heartbeatOff: 'Left out of the main agent when heartbeat guidance is off in openclaw.json.',
      toolsDropped: 'OpenClaw 2026.9.6 no longer loads TOOLS.md into the prompt.',
      heartbeatDropped: 'OpenClaw 2026.9.6 no longer loads HEARTBEAT.md (heartbeat notes moved to the cron monitor).',
      lowerCaseIgnored: 'OpenClaw 2026.9.6 loads only MEMORY.md (exact case); a lower-case memory.md is ignored.',
    },
    limit: {
      override: 'overridden (built-in {{builtIn}})',
      builtIn: 'OpenClaw {{version}} built-in default',
      notSet: 'not set in {{file}}; OpenClaw {{version}} built-in default',
      invalid: '{{where}} = {{raw}} in {{file}} is not a number above 0, so OpenClaw uses its built-in {{builtIn}}',
      at: '{{where}} in {{file}}',
    },
    agent: {
      asked: 'asked for',
      owner: 'its workspace is this folder (openclaw.json)',
      marked: 'marked default: true in openclaw.json',
      only: 'the only agent in openclaw.json',
      several: 'several agents are configured ({{ids}}); agents.defaults shown — pick one',
      none: 'no agents configured; agents.defaults apply',
    },
  },
};
