// The agent views' words in English: the agent's memory calls, its own index, the switcher.
export const agents = {
  calls: {
    title: 'What the agent searched in its memory',
    refresh: 'Refresh',
    reading: 'Reading the transcripts…',
    listLabel: 'Memory calls',
    filterLabel: 'Show',
    all: 'All ({{count, number}})',
    failed: 'Empty or failed ({{count, number}})',
    none_one: 'No memory calls found in {{count, number}} transcript.',
    none_other: 'No memory calls found in {{count, number}} transcripts.',
    detailLabel: 'The call',
    back: '← All calls',
    pick: 'Pick a call to see what it got, why, and what Memory Lens finds for it now.',
  },
  outcome: {
    results_one: '{{count, number}} result',
    results_other: '{{count, number}} results',
    linesRead_one: '{{count, number}} line read',
    linesRead_other: '{{count, number}} lines read',
    empty: 'nothing found',
    disabled: 'disabled',
    error: 'error',
    notFound: 'not found',
    noResult: 'no result',
  },
  source: {
    transcript: 'agent',
    mcp: 'MCP',
    person: 'person',
    mcpClient: 'MCP · {{client}}',
    unnamedClient: 'unnamed client',
  },
  next: {
    then: ' · then {{what}}',
    readResult: 'read a returned file',
    readOther: 'read another file',
    searchedAgain: 'searched again',
    answered: 'answered',
    answeredWithoutMemory: 'answered without memory',
  },
  health: {
    last7: 'last 7 days',
    last30: 'last 30 days',
    span_one: '<count>{{count, number}}</count> call in the {{span}}, <count>{{ok, number}}</count> got results',
    span_other: '<count>{{count, number}}</count> calls in the {{span}}, <count>{{ok, number}}</count> got results',
    cause_one: '<strong>Main cause:</strong> {{cause}} ({{count, number}} call).',
    cause_other: '<strong>Main cause:</strong> {{cause}} ({{count, number}} calls).',
    showFailed: 'Show these calls',
  },
  detail: {
    mode: ' · {{mode}}',
    provider: ' · provider {{provider}}',
    session: 'Session',
    sessionLine: '{{title}} — line {{line}}',
    got: 'What the agent got',
    why: '<strong>Why:</strong> {{text}}',
    fix: '<strong>To change:</strong> {{fix}}',
    now: 'In Memory Lens now',
    replayNote: 'Our ranking, max {{max}} · min score {{min}} · memory files (as OpenClaw searches)',
    replayCount_one: ' — {{count, number}} result',
    replayCount_other: ' — {{count, number}} results',
    allWords_one: '; {{count, number}} chunk holds every word',
    allWords_other: '; {{count, number}} chunks hold every word',
    asAgentCount: '; as your agent ranks now: {{count, number}}',
    replay: 'Replay with breakdowns',
    replayAgain: 'Replay again',
    asAgent: 'As your agent ranks',
    asAgentTitle: "OpenClaw 2026.9.6's keyword-only memory_search, reproduced",
    explain: 'Explain {{path}}',
    nothingEither: 'Memory Lens finds nothing for this query either.',
    asAgentHeading: 'As your agent ranks ({{count, number}})',
    agentNothing: "The agent's own ranking finds nothing for this query.",
    openAt: 'Open at these lines',
    rank: 'returned at rank {{rank}}',
    notInResults: 'not in the results',
  },
  diagnosis: {
    error: 'the call failed: {{reason}}',
    errorNoReason: 'the call failed: no reason given',
    noResult: 'the transcript holds no result for this call (the run stopped before the tool answered)',
    notFound: '{{path}}, which {{tool}} asked for, does not exist',
    notFoundUnnamed: 'the file {{tool}} asked for does not exist',
    emptyGet: '{{path}}, which {{tool}} asked for, holds nothing at those lines',
    emptyGetUnnamed: 'the file {{tool}} asked for holds nothing at those lines',
    disabledNoKey: 'memory search was disabled: no API key for provider {{provider}}',
    disabledNoKeyUnnamed: 'memory search was disabled: no API key for provider the embedding provider',
    disabledQuota: "memory search was disabled: the embedding provider's quota was exhausted ({{provider}})",
    disabledQuotaUnnamed: "memory search was disabled: the embedding provider's quota was exhausted",
    disabled: 'memory search was disabled: {{reason}}',
    disabledNoReason: 'memory search was disabled: memory search unavailable',
    nothingAnswers: 'nothing in memory answers this',
    outsideMemory:
      'the answer is in {{path}} (lines {{start}}–{{end}}), which is outside memory/ (OpenClaw searches {{files}})',
    outsideMemoryNotListedBelowMin:
      "the answer is in {{path}} (lines {{start}}–{{end}}), which is outside memory/ (OpenClaw searches {{files}}) — not in the replay below with the call's limits (it scores {{score}}, below min score {{minScore}})",
    outsideMemoryNotListedBeyondMax:
      "the answer is in {{path}} (lines {{start}}–{{end}}), which is outside memory/ (OpenClaw searches {{files}}) — not in the replay below with the call's limits (it ranks below the first {{maxResults}})",
    notIndexedYet:
      'the answer is in {{path}} (lines {{start}}–{{end}}), which was not indexed yet: it is dated {{date}}, after this call',
    notIndexedYetNotListedBelowMin:
      "the answer is in {{path}} (lines {{start}}–{{end}}), which was not indexed yet: it is dated {{date}}, after this call — not in the replay below with the call's limits (it scores {{score}}, below min score {{minScore}})",
    notIndexedYetNotListedBeyondMax:
      "the answer is in {{path}} (lines {{start}}–{{end}}), which was not indexed yet: it is dated {{date}}, after this call — not in the replay below with the call's limits (it ranks below the first {{maxResults}})",
    keywordAllWords:
      'keyword-only: no chunk holds every word (OpenClaw requires all of them); Memory Lens finds it in {{path}} (lines {{start}}–{{end}})',
    keywordAllWordsNotListedBelowMin:
      "keyword-only: no chunk holds every word (OpenClaw requires all of them); Memory Lens finds it in {{path}} (lines {{start}}–{{end}}) — not in the replay below with the call's limits (it scores {{score}}, below min score {{minScore}})",
    keywordAllWordsNotListedBeyondMax:
      "keyword-only: no chunk holds every word (OpenClaw requires all of them); Memory Lens finds it in {{path}} (lines {{start}}–{{end}}) — not in the replay below with the call's limits (it ranks below the first {{maxResults}})",
    keywordAllWordsCjk:
      'keyword-only: no chunk holds every word (OpenClaw requires all of them; its tokenizer keeps a run of Chinese characters as one word); Memory Lens finds it in {{path}} (lines {{start}}–{{end}})',
    keywordAllWordsCjkNotListedBelowMin:
      "keyword-only: no chunk holds every word (OpenClaw requires all of them; its tokenizer keeps a run of Chinese characters as one word); Memory Lens finds it in {{path}} (lines {{start}}–{{end}}) — not in the replay below with the call's limits (it scores {{score}}, below min score {{minScore}})",
    keywordAllWordsCjkNotListedBeyondMax:
      "keyword-only: no chunk holds every word (OpenClaw requires all of them; its tokenizer keeps a run of Chinese characters as one word); Memory Lens finds it in {{path}} (lines {{start}}–{{end}}) — not in the replay below with the call's limits (it ranks below the first {{maxResults}})",
    belowMinScore:
      'the answer is in {{path}} (lines {{start}}–{{end}}), which was below minScore {{minScore}} (it scores {{score}})',
    foundNow:
      "Memory Lens finds it now in {{path}} (lines {{start}}–{{end}}) (score {{score}}); the agent's search did not",
    foundNowNotListedBelowMin:
      "Memory Lens finds it now in {{path}} (lines {{start}}–{{end}}) (score {{score}}); the agent's search did not — not in the replay below with the call's limits (it scores {{score}}, below min score {{minScore}})",
    foundNowNotListedBeyondMax:
      "Memory Lens finds it now in {{path}} (lines {{start}}–{{end}}) (score {{score}}); the agent's search did not — not in the replay below with the call's limits (it ranks below the first {{maxResults}})",
  },
  diagnosisFix: {
    disabled:
      'Set memory.search.provider in ~/.openclaw/openclaw.json to a provider it has a key for, or to "none" for keyword-only search; or give the agent Memory Lens (memlens mcp).',
    keyword:
      'Give the agent an embedding provider (memory.search.provider) so it searches by meaning, or Memory Lens (memlens mcp), whose keyword search does not need every word.',
    outsideMemory: 'Move it under memory/, or add its folder to memorySearch.extraPaths in openclaw.json.',
    belowMinScore: 'Keep keyword matches below minScore (Memory Lens does), or pass a lower minScore.',
    registerMcp:
      'Register memlens mcp with the agent (openclaw mcp set memory-lens \'{"command":"memlens","args":["mcp"]}\') so it can search with Memory Lens.',
  },
  cause: {
    keywordAllWords: 'keyword-only search: no chunk holds every word of the query (OpenClaw requires all of them)',
    outsideMemory: 'the answers are in files outside memory/, which OpenClaw does not search',
    notIndexedYet: 'the answers were written after the calls',
    belowMinScore: 'the answers scored below minScore',
    foundNow: 'Memory Lens finds answers the agent did not',
    nothingAnswers: 'nothing in memory answers these',
  },
  index: {
    reading: 'Reading the agent databases…',
    none: 'No OpenClaw agent database (agents/<id>/agent/openclaw-agent.sqlite) was found beside this workspace.',
    agent: 'Agent <strong>{{id}}</strong>',
    readOnly: 'read-only',
    inIndex: "In your agent's index <muted>revision {{revision}}</muted>",
    counts:
      '{{current, number}} current · {{stale, number}} stale · {{missing, number}} missing · {{extra, number}} extra',
    file: 'File',
    status: "In the agent's index",
    chunks: 'Chunks',
    indexed: 'Indexed',
    sessions: 'Sessions in the database <muted>{{count, number}}</muted>',
    events: ' · {{count, number}} events',
    legacyTitle: "A legacy JSONL copy exists too; this is the database's (live) one.",
    legacy: ' · also a legacy file',
  },
  /** An agent database that cannot be read in full (AgentDbNotice codes). */
  dbNotice: {
    locked:
      '{{path}} is locked by another program (the OpenClaw gateway, or a migration); its transcripts and index are read again when it is free.',
    corrupt:
      '{{path}} is damaged or not a SQLite database ({{detail}}). Memory Lens does not touch it; <code>openclaw doctor</code> can check it.',
    unreadable: '{{path}} could not be read ({{detail}}).',
    'newer-schema':
      '{{path}} was written by a newer OpenClaw (schema {{version}}; Memory Lens knows {{known}}). What it can read is shown; some of it may be missing.',
    'migration-pending':
      '{{path}} is at schema {{version}}, not {{known}}: OpenClaw has not finished migrating it (run <code>openclaw doctor --fix</code> with the gateway stopped). What it can read is shown.',
    'not-an-agent-db': '{{path}} holds neither transcripts nor a memory index that Memory Lens can read.',
  },
  indexStatus: {
    current: 'current',
    stale: 'stale — changed since the agent indexed it',
    missing: "missing — not in the agent's index",
    extra: 'extra — indexed, no longer on disk',
  },
  stale: {
    changed: '{{count, number}} changed since it indexed them',
    missing: '{{count, number}} not in it',
    extra: '{{count, number}} deleted but still in it',
    text: "Your agent's index is behind the files: {{parts}}. Until OpenClaw re-indexes (<code>openclaw memory index</code>), your agent searches the old text.",
    separator: ', ',
    show: 'Show',
  },
  switcher: {
    title: "Switch to another OpenClaw agent's workspace",
    label: 'Agent',
    notAgent: "(not an agent's workspace)",
    default: ' (default)',
    noDatabase: ' — no database',
  },
};
