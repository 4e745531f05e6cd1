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
    unreadable: '{{path}} — cannot be read: {{error}}',
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
};
