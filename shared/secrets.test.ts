import { describe, expect, it } from 'vitest';
import { findingAt, findSecrets, maskSecrets, maskWithRanges, revealSecrets } from './secrets.js';

const FAKE = {
  openai: 'sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv',
  anthropic: 'sk-ant-api03-Xy7zAb4cDe1fGh8iJk5lMn2o',
  github: 'ghp_0123456789abcdefABCDEF0123456789abcd',
  aws: 'AKIAIOSFODNN7EXAMPLE',
  slack: 'xoxb-1234567890-abcdefGHIJ',
  google: 'AIzaSyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q',
  tavily: 'tvly-dev-9fK2mQ7xLp4Rt8Zw3HCS',
  voyage: 'pa-Qw8Er4Ty6Ui2Op0As5Df7Gh',
};

describe('findSecrets', () => {
  for (const [kind, value] of Object.entries(FAKE)) {
    it(`finds a ${kind} key and masks it to kind + last 4`, () => {
      const text = `Roger provided API key ${value} for the tool.`;
      const masked = maskSecrets(text);
      expect(findSecrets(text).map((f) => f.kind)).toEqual([kind]);
      expect(masked).not.toContain(value);
      expect(masked).toContain(value.slice(-4));
      expect(masked).toContain('Roger provided API key');
    });
  }

  it('finds each key by its shape alone, and each password or token by its label, with nothing else around it', () => {
    for (const [kind, value] of Object.entries(FAKE))
      expect(findSecrets(`Roger used ${value} today.`)[0]?.kind).toBe(kind);
    const random = 'Ab3dEf6hIj9kLm2nOp5q';
    const labelled = {
      password: ['passphrase: hunter22', 'PWD = hunter22', 'passwd is hunter22', '密码：hunter22', '口令是 hunter22'],
      token: [
        `Bearer ${random}`,
        `access-key: ${random}`,
        `auth_key ${random}`,
        `apikey=${random}`,
        `the secret is ${random}`,
        `秘钥 ${random}`,
        `密钥：${random}`,
        `令牌 ${random}`,
      ],
    };
    for (const [kind, texts] of Object.entries(labelled))
      for (const text of texts)
        expect(
          findSecrets(`Note: ${text}.`).map((f) => f.kind),
          text,
        ).toEqual([kind]);
  });

  it('masks the Tavily key as tvly-…3HCS', () => {
    expect(maskSecrets(`key ${FAKE.tavily}`)).toBe('key tvly-…3HCS');
  });

  it('finds a private key block', () => {
    const block = '-----BEGIN RSA PRIVATE KEY-----\nMIIEow\nAbCd\n-----END RSA PRIVATE KEY-----';
    // The label keeps the block's line breaks, so the lines after it keep their numbers.
    expect(maskSecrets(`deploy key:\n${block}\nnext`)).toBe('deploy key:\nprivate key ••••••\n\n\n\nnext');
  });

  it.each([
    ['password: hunter2', 'password: password •••••• (7)'],
    ['sudo passwd = s3cret!', 'sudo passwd = password •••••• (7)'],
    ['dashboard 密码：abc123', 'dashboard 密码：password •••••• (6)'],
    ['登录口令: Zx9#Qw', '登录口令: password •••••• (6)'],
    ['Password is `p@ssw0rd`', 'Password is `password •••••• (8)`'],
  ])('masks the password line %s', (line, expected) => {
    expect(maskSecrets(line)).toBe(expected);
  });

  it.each(['sudo password: <in password manager>', '密码：<purged secret>'])(
    'leaves the placeholder a fix wrote in place of a password readable: %s',
    (line) => {
      expect(findSecrets(line)).toEqual([]);
    },
  );

  it('masks a high-entropy value after token:', () => {
    expect(maskSecrets('token: Ab12Cd34Ef56Gh78Ij90')).toBe('token: token …Ij90');
  });

  it.each([
    'id 3f2504e0-4f89-11d3-9a0c-0305e82c3301 in the log',
    'fixed in commit 9fceb02d0ae598e95dc970b74767f19372d61af8',
    'token: 9fceb02d0ae598e95dc970b74767f19372d61af8',
    '![img](data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==)',
    '中华人民共和国国家发展和改革委员会关于进一步深化电力体制改革的若干意见',
    'the password policy was discussed',
    'token: see_the_config_file_for_details',
    'ask for the sk- prefix docs',
  ])('leaves %s unmasked', (text) => {
    expect(findSecrets(text)).toEqual([]);
    expect(maskSecrets(text)).toBe(text);
  });
});

describe('secretlint preset and our rules together', () => {
  it('finds a real-shaped GitHub token with the preset and an invented shape with our rule', () => {
    expect(findSecrets(`t ${FAKE.github}`).map((f) => f.rule)).toEqual(['secretlint']);
    expect(findSecrets(`t ${FAKE.tavily}`).map((f) => f.rule)).toEqual(['memory']);
  });

  it.each([
    ['sendgrid', 'SG.abcdefghijklmnopqrstuv.abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG'],
    ['huggingface', 'hf_abcdefghijklmnopqrstuvwxyzABCDEFGH'],
    ['gitlab', 'glpat-abcdefghij1234567890'],
    ['npm', 'npm_abcdefghijklmnopqrstuvwxyz0123456789'],
  ])('finds a %s key the preset knows', (kind, value) => {
    expect(findSecrets(`the key ${value} works`)).toMatchObject([{ kind, value, rule: 'secretlint' }]);
  });

  it('masks only the password of a URL, so the host stays readable', () => {
    const text = 'db at postgres://admin:S3cretPw@db.example.com:5432/app';
    expect(maskSecrets(text)).toBe('db at postgres://admin:password •••••• (8)@db.example.com:5432/app');
  });

  it.each([
    ['API key is Ab12Cd34Ef56Gh78Ij90xx', 'API key is token …90xx'],
    ['Authorization: Bearer Zy98Xw76Vu54Ts32Rq10', 'Authorization: Bearer token …Rq10'],
    ['服务密钥：Ab12Cd34Ef56Gh78Ij90', '服务密钥：token …Ij90'],
    ['root 密码是 Qwerty123', 'root 密码是 password •••••• (9)'],
  ])('masks %s', (line, expected) => {
    expect(maskSecrets(line)).toBe(expected);
  });

  it('masking twice changes nothing', () => {
    const text = Object.values(FAKE).join('\n') + '\nsudo password: hunter2\n密码：abc123\ntoken: Ab12Cd34Ef56Gh78Ij90';
    const once = maskSecrets(text);
    expect(maskSecrets(once)).toBe(once);
  });

  it('moves highlight ranges past a masked value and widens one inside it to the label', () => {
    const text = `key ${FAKE.tavily} for Tavily`;
    const tavilyAt = text.indexOf('Tavily');
    const out = maskWithRanges(text, [
      { start: 0, end: 3 },
      { start: 6, end: 9 },
      { start: tavilyAt, end: tavilyAt + 6 },
    ]);
    expect(out.text).toBe('key tvly-…3HCS for Tavily');
    expect(out.ranges.map((r) => out.text.slice(r.start, r.end))).toEqual(['key', 'tvly-…3HCS', 'Tavily']);
  });

  it('reveals the values masked from the raw text', () => {
    const raw = `key ${FAKE.tavily} and password: hunter2 and ${FAKE.openai}`;
    const snippet = maskSecrets(raw).slice(4);
    expect(revealSecrets(snippet, raw)).toBe(raw.slice(4));
  });
});

describe('findingAt', () => {
  const text = [
    '# Keys',
    '- OpenAI sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv and Tavily tvly-dev-9fK2mQ7xLp4Rt8Zw3HCS',
    '-----BEGIN OPENSSH PRIVATE KEY-----',
    'b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW',
    '-----END OPENSSH PRIVATE KEY-----',
  ].join('\n');

  it('picks the value a Secrets entry names by its line and label, a multi-line key by its first line', () => {
    expect(findingAt(text, 2, 'tvly-…3HCS')?.value).toBe('tvly-dev-9fK2mQ7xLp4Rt8Zw3HCS');
    expect(findingAt(text, 2, 'sk-…8tUv')?.value).toBe('sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv');
    expect(findingAt(text, 3, 'private key ••••••')?.value).toContain('b3BlbnNzaC1rZXktdjEAAAAABG5vbmUA');
  });

  it('finds nothing on another line or under another label', () => {
    expect(findingAt(text, 1, 'tvly-…3HCS')).toBeNull();
    expect(findingAt(text, 2, 'tvly-…0000')).toBeNull();
    expect(findingAt(text, 9, 'tvly-…3HCS')).toBeNull();
  });
});
