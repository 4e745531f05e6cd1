// The search feature's words in English.
export const search = {
  /** The engine left automated runs out of the search, so there is no count to give. */
  automatedHidden: 'Hits from automated sessions (cron, heartbeat, sub-agents) hidden',
};
