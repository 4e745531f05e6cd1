// Finds credentials in memory text so every display path can mask them. Pure: no I/O, runs in the
// renderer and the engine alike. First cut: provider-key shapes plus memory-specific password lines.

export type SecretKind =
  | 'openai'
  | 'anthropic'
  | 'github'
  | 'aws'
  | 'slack'
  | 'google'
  | 'private-key'
  | 'tavily'
  | 'voyage'
  | 'password'
  | 'token';

export interface SecretFinding {
  kind: SecretKind;
  /** UTF-16 offsets of the value itself (not the label before it). */
  start: number;
  end: number;
  value: string;
}

interface Rule {
  kind: SecretKind;
  pattern: RegExp;
  /** Capture group holding the value; 0 means the whole match. */
  group: number;
}

// Order matters: the first rule claiming a span wins, so specific provider shapes come first.
const RULES: readonly Rule[] = [
  {
    kind: 'private-key',
    pattern: /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----/g,
    group: 0,
  },
  { kind: 'anthropic', pattern: /\bsk-ant-[A-Za-z0-9_-]{20,}/g, group: 0 },
  { kind: 'openai', pattern: /\bsk-(?:proj-|svcacct-)?[A-Za-z0-9_-]{20,}/g, group: 0 },
  { kind: 'github', pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,})/g, group: 0 },
  { kind: 'aws', pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g, group: 0 },
  { kind: 'slack', pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,}/g, group: 0 },
  { kind: 'google', pattern: /\bAIza[0-9A-Za-z_-]{35}/g, group: 0 },
  { kind: 'tavily', pattern: /\btvly-[A-Za-z0-9_-]{16,}/g, group: 0 },
  { kind: 'voyage', pattern: /\bpa-[A-Za-z0-9_-]{20,}/g, group: 0 },
  {
    kind: 'password',
    pattern:
      /(?:\b(?:password|passwd|pwd|passphrase)\b|密码|口令)\s*(?:[:：=]|\bis\b|是)\s*[`'"]?([^\s`'"，。,;；]{3,})/gi,
    group: 1,
  },
  {
    kind: 'token',
    pattern: /\b(?:token|api[ _-]?key|secret|access[ _-]?key)\b\s*[:：=]\s*[`'"]?([A-Za-z0-9_\-./+=]{16,})/gi,
    group: 1,
  },
];

export function findSecrets(text: string): SecretFinding[] {
  const found: SecretFinding[] = [];
  for (const rule of RULES) {
    for (const match of text.matchAll(rule.pattern)) {
      const value = match[rule.group];
      if (value === undefined || match.index === undefined) continue;
      const start = match.index + match[0].lastIndexOf(value);
      const end = start + value.length;
      if (found.some((f) => start < f.end && end > f.start)) continue;
      if (rule.kind === 'token' && !looksRandom(value)) continue;
      found.push({ kind: rule.kind, start, end, value });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

// A token-labelled value must mix letter cases or letters and digits; this keeps words like
// "token: see_the_config_file_for_details" readable.
function looksRandom(value: string): boolean {
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/].filter((re) => re.test(value)).length;
  return classes >= 2 && !/^[0-9a-f]{40}$/i.test(value);
}

const PREFIXED: Partial<Record<SecretKind, string>> = {
  openai: 'sk-',
  anthropic: 'sk-ant-',
  tavily: 'tvly-',
  voyage: 'pa-',
  slack: 'xox',
};

/** The text shown in place of a value: its kind and last 4 characters, or a length for passwords. */
export function maskLabel(finding: SecretFinding): string {
  if (finding.kind === 'password') return `password •••••• (${finding.value.length})`;
  if (finding.kind === 'private-key') return 'private key ••••••';
  const prefix = PREFIXED[finding.kind] ?? `${finding.kind} `;
  return `${prefix}…${finding.value.slice(-4)}`;
}

export function maskSecrets(text: string): string {
  let out = '';
  let at = 0;
  for (const finding of findSecrets(text)) {
    out += text.slice(at, finding.start) + maskLabel(finding);
    at = finding.end;
  }
  return out + text.slice(at);
}
