// The workspace and queries of shared/fixtures/openclaw-hybrid-vectors.json: OpenClaw's hybrid
// memory_search with an embedding provider whose vectors are known (the tiny test model served as
// an OpenAI-compatible endpoint). Written in the tiny model's vocabulary, so the vector half means
// something: synonyms (contract/agreement/合同/协议, router/gateway/路由器) meet where keywords
// cannot. Plain data, so the generator (on OpenClaw's Node) and the tests see the same bytes.
export { MTIME, NOW } from './search-workspaces.mjs';

/** The model name OpenClaw's openclaw.json asks the endpoint for (and stores on every chunk). */
export const HYBRID_MODEL = 'tiny-bert';

function longNotes(lines) {
  const words = [
    'router',
    'backup',
    'deploy',
    'server',
    'budget',
    'database',
    'review',
    'design',
    'api',
    'index',
    'search',
    'model',
  ];
  const out = [];
  for (let i = 0; i < lines; i++)
    out.push(
      `Note ${i + 1}: the ${words[(i * 7) % words.length]} and the ${words[(i * 5 + 3) % words.length]} of the project were read again with the team.`,
    );
  return out.join('\n');
}

export const HYBRID_WORKSPACE = {
  name: 'hybrid',
  files: {
    'MEMORY.md': [
      '# Memory',
      '',
      '- We signed the vendor contract for the project. <!-- importance: 9 -->',
      '- The home router needs a restart when the network is down.',
      '- Team budget review is weekly. <!-- importance: 3 -->',
      '- I read python and rust notes for the api design. <!-- project: api -->',
      '- Backup the database before we deploy the server. <!-- importance: 8 -->',
      '',
    ].join('\n'),
    'USER.md': [
      '# User',
      '',
      '- The user likes coffee and travel.',
      '- The user writes daily notes in memory.',
      '',
    ].join('\n'),
    'memory/2026-06-14.md': [
      '# 2026-06-14',
      '',
      'Today we had a meeting with the vendor about the price of the agreement.',
      '',
      'The vendor will send the agreement tomorrow.',
      '',
    ].join('\n'),
    'memory/2026-05-01.md': [
      '# 2026-05-01',
      '',
      'Meeting with the team: the gateway was down, we fixed the network and the bug.',
      '',
    ].join('\n'),
    'memory/2026-06-10-deploy.md': ['# Deploy', '', 'Deploy the server today; backup the database first.', ''].join(
      '\n',
    ),
    'memory/notes/2026-06-12.md': [
      '# Weekly',
      '',
      'Weekly plan: review the design of the search index and the vector model.',
      '',
    ].join('\n'),
    'memory/topics/router.md': [
      '# Router',
      '',
      'The router and the gateway are the same box at home.',
      'Restart the gateway when the home network is down.',
      '',
    ].join('\n'),
    'memory/topics/router-copy.md': [
      '# Router (copy)',
      '',
      'The router and the gateway are the same box at home.',
      'Restart the router when the home network is down.',
      '',
    ].join('\n'),
    'memory/topics/cat.md': 'The cat sleeps on the server in the home office.\n',
    'memory/topics/travel.md': 'Travel plan: the ticket for the team meeting, and coffee on the way.\n',
    'memory/中文.md': [
      '# 记忆',
      '',
      '我们和供应商签了合同，金额是一万元。',
      '',
      '家里的网络坏了，重启路由器。',
      '',
    ].join('\n'),
    'memory/topics/long-notes.md': longNotes(60),
  },
  queries: [
    'agreement',
    'contract',
    'signed agreement',
    'what did we sign with the vendor',
    'gateway',
    'router restart',
    'home network',
    'budget',
    'meeting',
    'vendor price',
    'coffee',
    'deploy',
    'database backup',
    'cat',
    'zebra',
    'the',
    'weekly plan',
    'python rust',
    'design review',
    'ticket travel',
    'bug fix',
    'today',
    'yesterday meeting',
    '协议',
    '路由器',
    '合同金额',
    '网络坏了',
    '预算',
    'router.md',
    'MEMORY.md',
    'memory/topics/router.md',
    'search index vector model',
  ],
};
