// The timeline feature's words in English: the toolbar, the list, the heatmap and its dates.
export const timeline = {
  groupBy: 'Group by',
  grouping: { day: 'Day', week: 'Week', month: 'Month' },
  typesLabel: 'Types',
  types: {
    daily: 'Daily',
    weekly: 'Weekly',
    monthly: 'Monthly',
    conversation: 'Conversations',
    session: 'Sessions',
    'dated-topic': 'Dated topics',
  },
  automated: 'Automated',
  automatedTitle: 'Sessions the scheduler started (cron jobs, heartbeats, sub-agents)',
  entries_one: '{{count, number}} entry',
  entries_other: '{{count, number}} entries',
  automatedHidden: ' · {{count, number}} automated hidden',
  loading: 'Loading timeline…',
  empty: 'No dated memories or sessions.',
  /** The type chip on an entry, and the kind of an automated run. */
  entryType: {
    daily: 'daily',
    weekly: 'weekly',
    monthly: 'monthly',
    conversation: 'conversation',
    session: 'session',
    'dated-topic': 'dated topic',
  },
  kind: { cron: 'cron', heartbeat: 'heartbeat', subagent: 'sub-agent' },
  agent: 'agent {{agent}}',
  archived: 'archived',
  inResults: 'In the current search results',
  dateSource: {
    path: 'date from the file name',
    frontmatter: 'date from frontmatter',
    'first-record': 'date from the first session record',
    mtime: 'date from the modification time',
  },
  heatmap: {
    label: 'Activity from {{from}} to {{to}}',
    day_one: '{{date}}: {{count, number}} entry',
    day_other: '{{date}}: {{count, number}} entries',
    legend: '{{from}} – {{to}} · busiest day {{max, number}}',
    /** Monday, Wednesday and Friday label their rows. */
    weekdays: { mon: 'Mon', wed: 'Wed', fri: 'Fri' },
  },
  /** Bucket headers and heatmap months; month and weekday names come from Intl (`May`, `Mon`). */
  dates: {
    day: '{{weekday}} {{day}} {{month}} {{year}}',
    dayMonth: '{{day}} {{month}}',
    week: 'Week {{week}}, {{year}} · {{from}} – {{to}}',
    monthYear: '{{month}} {{year}}',
  },
  jump: {
    label: 'Go to a date',
    placeholder: 'Go to: Feb 5, 2月5日, 前天, last week',
    notADate: 'No date in “{{text}}”',
    went: '“{{text}}” → {{from}}',
    wentPeriod: '“{{text}}” → {{from}} – {{to}}',
  },
};
