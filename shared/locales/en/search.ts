// The search feature's words in English.
export const search = {
  /** The engine left automated runs out of the search, so there is no count to give. */
  automatedHidden: 'Hits from automated sessions (cron, heartbeat, sub-agents) hidden',
  /** One card for every run of one automated prompt: what ran, how often, the run list on request. */
  runs: {
    cron: 'Cron job “{{name}}”',
    heartbeat: 'Heartbeat',
    subagent: 'Sub-agent “{{name}}”',
    count_one: '{{what}}: {{count}} run',
    count_other: '{{what}}: {{count}} runs',
    list: 'Runs',
    chunks_one: '{{count}} hit',
    chunks_other: '{{count}} hits',
  },
  /** One card for a passage whose text is the same in other files (a note copied under two folders). */
  sameText_one: 'The same text is also in {{count}} other file:',
  sameText_other: 'The same text is also in {{count}} other files:',
};
