// Decodes the input specs of shared/fixtures/openclaw-bootstrap-vectors.json into file text. Used
// by the generator (with OpenClaw's code) and by the tests (with ours), so both see the same bytes.
const ALPHA = 'abcdefghijklmnopqrstuvwxyz';
const EMOJI = '\u{1F600}';
const RANDOM_ALPHABET = [
  'a',
  'b',
  'c',
  'x',
  'y',
  'z',
  ' ',
  ' ',
  '\n',
  '\r\n',
  '记',
  '忆',
  '合',
  '同',
  EMOJI,
  '\u{1F9E0}',
  'é',
  '-',
  '#',
  '.',
];

export function generateLetters(n, offset) {
  let s = '';
  for (let i = 0; i < n; i++) s += ALPHA[(i + offset) % 26];
  return s;
}

/** mulberry32: a tiny seeded PRNG, so a random vector is the same text everywhere. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomText(seed, n) {
  const next = prng(seed);
  let s = '';
  while (s.length < n) s += RANDOM_ALPHABET[Math.floor(next() * RANDOM_ALPHABET.length)];
  return s;
}

/** An AGENTS.md-like file: prose, policy bullets, style bullets, headings. */
function agentsText(minLength) {
  const lines = [];
  let length = 0;
  for (let i = 1; length < minLength; i++) {
    let line;
    if (i % 10 === 0) line = `## Section ${i}`;
    else if (i % 7 === 0) line = `- You must never push secrets to github (rule ${i}).`;
    else if (i % 5 === 0) line = `- Keep replies short and friendly (style ${i}).`;
    else if (i % 11 === 0) line = '```';
    else line = `Prose paragraph ${i} ${'lorem ipsum dolor sit amet '.repeat(3).trim()}.`;
    lines.push(line);
    length += line.length + 1;
  }
  return lines.join('\n');
}

export function buildInput(spec) {
  let text;
  if (spec.text !== undefined) text = spec.text;
  else if (spec.gen) text = generateLetters(spec.gen[0], spec.gen[1]);
  else if (spec.agents) text = agentsText(spec.agents);
  else if (spec.rand) text = randomText(spec.rand[0], spec.rand[1]);
  else throw new Error(`unknown input spec ${JSON.stringify(spec)}`);
  if (spec.emoji) {
    // Each position p gets an emoji in code units [p, p + 1], replacing two letters.
    const units = text.split('');
    for (const p of spec.emoji) units.splice(p, 2, '\uD83D', '\uDE00');
    text = units.join('');
  }
  if (spec.append) text += spec.append;
  return text;
}

export function commonPrefix(a, b) {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

export function commonSuffix(a, b) {
  let i = 0;
  while (i < a.length && i < b.length && a[a.length - 1 - i] === b[b.length - 1 - i]) i++;
  return i;
}
