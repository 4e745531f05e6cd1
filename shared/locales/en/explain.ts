// What the engine explains, in English: "why #1 beat #2" and the search notices. The engine builds
// these from message ids and parameters (shared/why-above.ts, shared/search-notices.ts); the English
// text is also the `message` the API and CLI carry, so it must stay as it reads here.
export const explain = {
  whyAbove: {
    sentence: '{{reason}}: {{a}} vs {{b}}.',
    noKeywordLower: "#{{low}} does not match the query's words at all",
    keywordOnlyUpper: "#{{up}} matches the query's words and #{{low}} only resembles it in meaning",
    moreTerms: "#{{up}} holds more of the query's words ({{a}} vs {{b}})",
    fewerTerms: "although #{{low}} holds more of the query's words ({{mb}} vs {{ma}}), ",
    although: 'although #{{low}} has the words more often ({{ob}} vs {{oa}}), ',
    shorter:
      "{{although}}#{{up}} is shorter ({{ta}} vs {{tb}} tokens), so each occurrence counts more there (×{{fa}} vs ×{{fb}} of an average chunk's)",
    moreOften: "#{{up}} has the query's words more often ({{oa}} vs {{ob}} times)",
    rarer: "{{fewer}}#{{up}} holds the rarer of the query's words (keyword score {{a}} vs {{b}})",
    mmr: '#{{up}} scores less ({{a}} vs {{b}}) but MMR lists it first: #{{low}} repeats {{similar}} (similarity {{sim}}).',
    aResultAbove: 'a result above it',
    same: "#{{up}} and #{{low}} score the same ({{a}}); the order between them is the index's.",
    closer: '#{{up}} is closer in meaning (vector score {{a}} vs {{b}})',
    older: '#{{low}} is older ({{age}}, ×{{mb}} vs ×{{ma}} for age)',
    evergreen: 'evergreen',
    days: '{{days}} days',
    important: '#{{up}} is marked more important (×{{a}} vs ×{{b}})',
    dated: '#{{up}} is from the date the query mentions (×{{a}} vs ×{{b}})',
    access: 'the agent has retrieved #{{up}} more often ({{a}} vs {{b}} times)',
    higher: '#{{up}} scores higher overall',
    /** A date-only question: a better tier, or an earlier day of the asked period. */
    tier: '#{{up}} is {{a}} and #{{low}} {{b}}',
    earlierDay: '#{{up}} is from an earlier day of the asked period (day {{a}} vs {{b}} of {{days}})',
    tiers: {
      note: 'the note of that day',
      'dated-note': 'a note dated then',
      'broader-note': 'a note covering more than the asked days',
      conversation: 'a conversation from then',
      mention: 'a memory that only mentions the day',
      automated: 'an automated run from then',
      undated: 'not dated then',
    },
  },
  notice: {
    keywordOnly: {
      search: 'Keyword-only search: {{reason}}.',
      query: 'Keyword-only for this query: {{reason}}.',
    },
    openclawProfile: {
      hybrid: "Ranked as OpenClaw {{release}}'s hybrid memory_search ranks (its chunks, its scores).",
      'keyword-only': "Ranked as OpenClaw {{release}}'s keyword-only memory_search ranks (its chunks, its scores).",
    },
    belowMinScore: 'No result reached minScore {{minScore}}; the keyword matches are shown anyway, as OpenClaw does.',
    belowMinScoreBest:
      'No result reached minScore {{minScore}}; the keyword matches are shown anyway (best {{best}}), as OpenClaw does.',
    relaxedOneByOne: 'Like OpenClaw, also searched the keywords {{terms}} one by one.',
    relaxedAll: 'No memory contains every query term; showing the memories that match the most, ranked by BM25.',
    relaxedMissing_one:
      'No memory contains every query term ({{terms}} occurs nowhere); showing the memories that match the most, ranked by BM25.',
    relaxedMissing_other:
      'No memory contains every query term ({{terms}} occur nowhere); showing the memories that match the most, ranked by BM25.',
    vectorTimeout:
      'Vector search skipped for this query: query embedding timed out after {{ms}} ms; results are keyword-only.',
  },
};
