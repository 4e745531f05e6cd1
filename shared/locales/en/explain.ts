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
  /** The score breakdown in words (shared/explain-words.ts and its neighbours): one sentence per part. */
  breakdown: {
    quote: '“{{word}}”',
    sep: ', ',
    and: ' and ',
    months: {
      '1': 'Jan',
      '2': 'Feb',
      '3': 'Mar',
      '4': 'Apr',
      '5': 'May',
      '6': 'Jun',
      '7': 'Jul',
      '8': 'Aug',
      '9': 'Sep',
      '10': 'Oct',
      '11': 'Nov',
      '12': 'Dec',
    },
    day: '{{d}} {{month}} {{y}}',
    month: '{{month}} {{y}}',
    range: '{{fromD}} {{fromMonth}} – {{toD}} {{toMonth}} {{y}}',
    rangeAcrossYears: '{{from}} – {{to}}',
    rarity: {
      none: 'in no chunk',
      veryRare: 'very rare',
      rare: 'rare',
      fairlyCommon: 'fairly common',
      common: 'common',
      most: 'in most chunks',
    },
    termHere: '{{asked}} (here {{here}})',
    partial: ', part of {{word}} — partial matches count less (×{{w}})',
    held: '{{n}} of {{total}} chunks contain it — {{rarity}}, weight {{idf}}',
    dateWord: '{{name}} (part of a date)',
    absent: '{{name}} is not here; {{held}}.',
    occurs: '{{name}} occurs {{times}}× here{{partial}}; {{held}} → adds {{adds}}.',
    relation: {
      thesaurus: 'a synonym of {{words}}',
      dictionary: 'a translation of {{words}}',
      pivot: 'a Chinese word glossed like {{words}}',
      feedback: 'a word the best matches for {{words}} share',
    },
    expansionName: '{{word}} ({{relation}}, counted ×{{w}})',
    expansionOccurs: 'matched {{name}}: occurs {{times}}× here; {{held}} → adds {{adds}}.',
    fragments_one:
      "{{count}} character pair spanning the query's words ({{pairs}}) also occurs here → adds {{adds}}{{less}}.",
    fragments_other:
      "{{count}} character pairs spanning the query's words ({{pairs}}) also occur here → add {{adds}}{{less}}.",
    fragmentOf: '{{term}} (of {{word}})',
    fragmentsLess_one: '; without the words on both sides, {{items}} counts less (×{{w}})',
    fragmentsLess_other: '; without the words on both sides, {{items}} count less (×{{w}})',
    lengthSame: 'one occurrence counts as much as in an average-length chunk',
    lengthLess: 'one occurrence counts {{pct}}% less than in an average-length chunk',
    lengthMore: 'one occurrence counts {{pct}}% more than in an average-length chunk',
    length: 'This chunk is {{tokens}} tokens, {{ratio}}× the average of {{avg}}: {{effect}}.',
    matched_one: 'matched {{matched}} of {{count}} term',
    matched_other: 'matched {{matched}} of {{count}} terms',
    notHere: '{{base}} (not here: {{missing}})',
    headline: '{{matched}}.',
    headlineRelaxed: '{{matched}}; no memory holds every term.',
    keywordScore:
      'BM25 {{bm25}} ÷ {{mass}} (what every term once in an average-length chunk would score) = {{x}} → keyword score {{score}} (x ÷ (1 + x)).',
    dates: {
      mention: '{{days}} ({{text}})',
      off: 'The query mentions {{asked}}; date boosting is off.',
      none: 'The query mentions {{asked}}; nothing dates this memory then: ×1.',
      sentence: 'The query mentions {{asked}}; {{evidence}}: ×{{m}}.',
      file: 'this file is dated {{when}}',
      fileBroader: 'this file covers {{when}}, more than was asked: half the boost',
      messagesOn: 'these messages were written on {{when}}',
      messagesBetween: 'these messages were written between {{when}}',
      messagesBroader: '{{messages}}, more than was asked: half the boost',
      heading: 'it sits under a heading dated {{when}}',
      headings: 'it sits under headings dated {{when}}',
      written: 'it says {{text}} but is not dated then: half the boost',
    },
    dated: {
      tiers: {
        note: 'the note of that day (or week, or month)',
        'dated-note': 'a note dated then (its name, its frontmatter or a dated heading)',
        'broader-note': 'a note covering more than the asked days',
        conversation: 'a conversation from then',
        mention: 'a memory that only mentions the day',
        automated: 'an automated run from then (cron, heartbeat or sub-agent)',
        undated: 'not dated then',
      },
      day: 'the asked day',
      period: 'the asked period',
      which: '{{what}} ({{days}})',
      rank: 'tier {{n}} of {{total}}',
      undated: 'Not dated {{what}}: ranked below every memory from then ({{rank}}).',
      first: 'Dated {{what}}: {{tier}}, {{rank}}.',
      firstPeriod: 'Dated {{what}}: {{tier}}, {{rank}}; day {{day}} of {{days}}, earlier days first.',
      readAs: 'Read as the date: {{words}}. Nothing else was asked, so the date decides.',
      readAsQuestion:
        'Read as the date: {{words}}; {{question}} as the question. Nothing else was asked, so the date decides.',
      band: 'The tier holds scores {{from}}–{{to}}; keyword and vector matches only order memories within it.',
    },
    weights: 'text {{text}} · vector {{vector}}',
    weightsConfigured: 'configured text {{text}} · vector {{vector}}, renormalised',
    keywordOnly: 'Keyword-only',
    keywordOnlyBecause: 'Keyword-only: {{reason}}',
    importance: {
      none: 'no importance annotation → ×1',
      annotated: '<!-- importance: {{importance}} --> → ×{{m}} (0.75 + 0.05 × {{importance}})',
      annotatedLine: '<!-- importance: {{importance}} --> on line {{line}} → ×{{m}} (0.75 + 0.05 × {{importance}})',
    },
    openclaw: {
      exact: {
        '3': 'The query is its full path: OpenClaw lists such files first, with score 1.',
        '2': 'The query is its file name: OpenClaw lists such files first, with score 1.',
        '1': 'The query is its name without .md: OpenClaw lists such files first, with score 1.',
      },
      text: 'Text match: bm25 {{bm25}} → text score {{score}} (r / (1 + r), r = −bm25).',
      pathOnly: 'Only the path matched: path score {{score}}.',
      boost:
        'Lexical boost +{{total}}: query words present {{overlap}}, density {{density}}, in the path {{path}}, length {{length}} (capped at 1) → {{relevance}}.',
      noVector: 'no vector',
      agentVector: "the agent's stored vector (agent {{agent}}), model {{model}}",
      ownVector: 'a vector Memory Lens embedded ({{provider}}), model {{model}}',
      hybrid: 'Hybrid: {{vw}} × vector {{vs}} + {{tw}} × keyword {{ks}} = {{content}}; {{whose}}.',
      vectorOnly: 'Found by its vector only: no keyword of the query is in it.',
      fallback:
        'Found by {{found}}: the strict query found too little, so OpenClaw also searched {{terms}} one by one.',
      strict: 'Found by the strict query (every word).',
      recency: 'Recency: dated {{date}}, {{age}} days old → ×{{m}} (half-life 30 days).',
      evergreen: 'Recency: evergreen (no date in its path), never decays.',
      importance: 'Importance {{importance}} → ×{{m}}.',
      belowMinScore: 'Every result is below minScore: OpenClaw keeps the keyword matches anyway.',
    },
    /** `memlens search --explain`: one line per part, its label padded to a column. */
    lines: {
      label: {
        keyword: 'keyword',
        vector: 'vector',
        weights: 'weights',
        hybrid: 'hybrid',
        decay: 'decay',
        importance: 'import.',
        dates: 'dates',
        access: 'access',
        mmr: 'mmr',
        dated: 'dated',
        final: 'final',
        openclaw: 'openclaw',
        details: 'details',
      },
      openclawKeyword: "{{score}} · rank {{rank}} · OpenClaw's relevance (its steps below)",
      openclawMatched: "{{score}} · rank {{rank}} · OpenClaw's relevance (its steps below) · matched {{terms}}",
      keyword: '{{score}} · BM25 rank {{rank}} · {{matched}}',
      noKeyword: 'no keyword match',
      noVector: 'not among the vector candidates',
      vectorUnavailable: 'unavailable: {{reason}}',
      vector: 'cosine {{cosine}} · score {{score}} · rank {{rank}}',
      configured: '{{applied}} ({{configured}})',
      date: 'date {{date}} ({{source}})',
      dateAge: 'date {{date}} ({{source}}) · age {{age}} d',
      dateSource: {
        path: 'path',
        frontmatter: 'frontmatter',
        'first-record': 'first-record',
        mtime: 'mtime',
      },
      noDate: 'no date',
      evergreen: '×{{m}} · evergreen, never decays',
      evergreenEdited: '×{{m}} · evergreen, never decays · last edited {{date}}',
      decayOff: 'off · {{when}}',
      decay: '×{{m}} · {{when}} · half-life {{half}} d',
      multiplied: '×{{m}} · {{text}}',
      accessBoost: '×{{m}} · boost factor {{factor}}',
      accessOff: 'boost off',
      accessNever: '{{boost}} · never retrieved by an agent',
      accessed_one: '{{boost}} · {{count}} agent access, last {{last}}',
      accessed_other: '{{boost}} · {{count}} agent accesses, last {{last}}',
      mmr: 'rank {{before}} → {{after}} · penalty {{penalty}} · max similarity {{sim}} · λ {{lambda}} · mmr score {{score}}',
      mmrTo:
        'rank {{before}} → {{after}} · penalty {{penalty}} · max similarity {{sim}} to {{path}} · λ {{lambda}} · mmr score {{score}}',
      factor: '{{name}} {{value}}',
      factorName: { decay: 'decay', importance: 'importance', dates: 'dates', access: 'access' },
      product: 'hybrid {{hybrid}}',
      finalProduct: '{{final}} = {{product}}',
      finalDated: "{{final}} = {{tier}}'s band, ordered within by hybrid {{relevance}}",
      finalDatedProduct: "{{final}} = {{tier}}'s band, ordered within by {{product}} = {{relevance}}",
      openclaw: '{{release}}: {{first}}',
      details: 'FTS5 MATCH {{query}} · raw bm25() {{bm25}}',
      detailsPartial: 'FTS5 MATCH {{query}} · bm25 with partial matches weighted {{bm25}}',
    },
  },
  /** Why vector search is off (shared/mode-reasons.ts): a short clause, then ` — ` and details. */
  modeReason: {
    noModel: 'no embedding model configured',
    noModelLoaded: 'no embedding model loaded',
    off: 'vector search is off',
    unavailable: 'vector search is unavailable',
    rebuilding: 'the index is being rebuilt ({{reason, reason}})',
    endpointBack: 'the embedding endpoint answers again — opening the workspace with it',
    retryingNow: '{{reason, reason}} — trying again now',
    retryingIn: '{{reason, reason}} — trying again in {{seconds}} s (or Retry now)',
    queryTimeout: 'query embedding timed out after {{ms}} ms',
    vectorFailed: 'vector search failed: {{message, reason}}',
    invalidModelId: 'invalid model id "{{model}}"',
    modelUnreadable: 'model {{model}} could not be read — {{dir}}: {{error, syserror}}',
    modelNotInstalled:
      'model {{model}} is not installed and downloads are off — not found in {{dir}} (missing {{missing}} in {{modelDir}}); allow downloads in the settings or run with --allow-download',
    modelWrongDims: 'model {{model}} returned {{dims}}-dimensional vectors — expected {{expected}}',
    modelNotLoaded: 'model {{model}} could not be loaded — {{error, syserror}}',
    /** The model gave a vector with NaN or Infinity in it, for a passage, a query or the load's test sentence. */
    modelBroken: {
      passage:
        'model {{model}} returns non-finite vectors (NaN or Infinity) for a passage — it is treated as broken, search runs keyword-only; replace the model files or choose another model',
      query:
        'model {{model}} returns non-finite vectors (NaN or Infinity) for a query — it is treated as broken, search runs keyword-only; replace the model files or choose another model',
      testSentence:
        'model {{model}} returns non-finite vectors (NaN or Infinity) for a test sentence — it is treated as broken, search runs keyword-only; replace the model files or choose another model',
    },
    modelNotDownloaded: 'model {{model}} could not be downloaded — {{error, syserror}}',
    endpointNoModel: 'no model named for embedding endpoint {{url}} — give one with --embedder-model or in Settings',
    endpointNotAllowed:
      'embedding endpoint {{origin}} is not on this computer and was not allowed — $t(explain:modeReason.endpointTraffic). Allow it with --embedder-allow-remote or in Settings',
    /** What a remote endpoint receives (shared/embedding-endpoint.ts describeEndpointTraffic says the same). */
    endpointTraffic:
      '{{origin}} is not on this computer: Memory Lens would send it the text of every memory chunk it indexes (MEMORY.md, USER.md, memory/*.md and transcripts) and every search query, and keep the vectors it returns',
    endpointKeyMissing: 'the key for embedding endpoint {{url}} is missing — environment variable {{env}} is not set',
    endpointUnusable: 'embedding endpoint {{url}} could not be used — {{error, reason, syserror}}',
    /** What an embedding endpoint did wrong (a failed call or a failed try while it is down). */
    endpoint: {
      notUrl: 'embedding endpoint "{{url}}" is not a URL — give one like http://127.0.0.1:11434/v1',
      notHttp: 'embedding endpoint {{url}} is not http(s) — give one like http://127.0.0.1:11434/v1',
      credentials:
        'embedding endpoint URL carries a user name or password — give the key through an environment variable instead',
      notInTime: 'embedding endpoint {{url}} did not answer in time',
      timedOut: 'embedding endpoint {{url}} did not answer within {{ms}} ms',
      tryTimedOut: 'the embedding endpoint did not answer a try within {{ms}} ms',
      unreachable: 'embedding endpoint {{url}} is unreachable: {{cause}}',
      answered: 'embedding endpoint {{url}} answered {{status}}',
      answeredDetail: 'embedding endpoint {{url}} answered {{status}} — {{detail}}',
      nonFinite: 'embedding endpoint {{url}} returned a non-finite vector (NaN or Infinity) — the model is broken',
      notJson: 'embedding endpoint {{url}} did not answer JSON',
      wrongCount: 'embedding endpoint {{url}} returned {{got}} vectors for {{count}} texts',
      noVectors: 'embedding endpoint {{url}} returned no vectors for {{count}} texts',
      noArray: 'embedding endpoint {{url}} returned an item without an embedding array',
      failed: 'embedding endpoint {{url}} failed: {{error}}',
      wrongDims: 'embedding endpoint {{url}} returned a {{dims}}-dimensional vector — expected {{expected}}',
      afterTries: '{{reason, reason}} (after {{tries}} tries)',
      askedToWait: '{{reason, reason}}; it asked to wait {{seconds}} s',
    },
    openclawKeywordOnly: 'as OpenClaw {{release}} ranks with memory.search.provider "none"',
    /** A result's vector row when OpenClaw's ranking ran keyword-only. */
    openclawProviderNone: 'OpenClaw with provider "none" ranks by keywords only',
    openclawNoEmbedder:
      'your agent ranks hybrid with "{{agentModel}}" vectors; this is its keyword half alone — {{why, reason}}',
    openclawAgentNoVectors:
      'as OpenClaw {{release}} ranks: the agent\'s own index holds no vectors (memory.search.provider "none")',
    openclawEmbedderFailed:
      "the embedder {{model}} failed; this is your agent's keyword half alone — {{error, syserror}}",
    openclawHybrid: {
      agent: "as OpenClaw {{release}}'s hybrid memory_search ranks, with the agent's stored vectors (model {{model}})",
      mixed:
        "as OpenClaw {{release}}'s hybrid memory_search ranks, with the agent's stored vectors where they match its chunks, ours for the rest (model {{model}})",
      ours: "as OpenClaw {{release}}'s hybrid memory_search ranks, with vectors embedded by {{model}}",
    },
  },
  notice: {
    /** A search while the index is not simply serving (its lifecycle reason inside). */
    indexBuilding: {
      rebuilding:
        'The index is being rebuilt ({{reason, reason}}); results come from the previous index until it is done.',
      damaged: 'The index was damaged ({{reason, reason}}) and is being rebuilt from the files.',
      recovering:
        'The index is being rebuilt from the files ({{reason, reason}}); results are incomplete until it is done.',
    },
    keywordOnly: {
      search: 'Keyword-only search: {{reason, reason}}.',
      query: 'Keyword-only for this query: {{reason, reason}}.',
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
    dictionary: {
      building:
        'The Chinese↔English dictionary is being prepared for its first use (a few seconds); this search ran without translations.',
      unavailable: 'The Chinese↔English dictionary cannot be used: {{reason}}. This search ran without translations.',
    },
    question_one: ' {{words}} is read as the question, not searched.',
    question_other: ' {{words}} are read as the question, not searched.',
    noTerms: 'The query has no searchable words.{{question, question}}',
    dates: {
      mention: '“{{text}}” ({{days}})',
      mentionRead: '“{{text}}” ({{days}}, read as {{reading}})',
      asked: '{{days}} (“{{text}}”)',
      nearest: '{{path}} ({{days}})',
      sep: ', ',
      or: ' or ',
    },
    queryDates: {
      boost:
        'The query mentions {{mentions, querydates}}; memories from then are boosted ×{{boost}}.{{question, question}}',
      dateOnly:
        "The query mentions {{mentions, querydates}}; nothing else is asked, so the memories dated then come first: the day's notes, other notes from then, conversations, then automated runs.{{question, question}}",
      dateOnlyPeriod:
        "The query mentions {{mentions, querydates}}; nothing else is asked, so the memories dated then come first: the day's notes, other notes from then, conversations, then automated runs, earlier days first.{{question, question}}",
    },
    noMemoryThen: {
      undated: 'No memory is dated {{asked, askeddays}}, and no memory carries a date at all.',
      nearest: 'No memory is from {{asked, askeddays}}; the nearest dated memories: {{nearest, nearestdated}}.',
    },
    notAgentModel: {
      noIndex:
        'No agent index found beside this workspace to say which model your agent embeds with: the vector half is "{{model}}"\'s.',
      differs:
        'The agent\'s index was embedded with "{{agentModel}}", Memory Lens with "{{model}}": the vector half is this model\'s, not your agent\'s.',
    },
  },
};
