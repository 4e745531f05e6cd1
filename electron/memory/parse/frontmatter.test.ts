import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseFrontmatter } from './frontmatter.js';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

describe('parseFrontmatter', () => {
  it('parses a block at line 1 and returns the body exactly as stored', () => {
    const text = '---\ncreated: 2026-03-28\ntags: [api, design]\n---\n# API design\n\nBody line\n';
    const result = parseFrontmatter(text);
    expect(result.data).toEqual({ created: '2026-03-28', tags: ['api', 'design'] });
    expect(result.endLine).toBe(4);
    expect(result.body).toBe('# API design\n\nBody line\n');
    expect(result.error).toBeUndefined();
  });

  it('accepts `...` as the closing fence and CRLF line endings', () => {
    const result = parseFrontmatter('---\r\ntype: fact\r\n...\r\nbody\r\n');
    expect(result.data).toEqual({ type: 'fact' });
    expect(result.endLine).toBe(3);
    expect(result.body).toBe('body\r\n');
  });

  it('ignores a fence that is not on line 1 or never closes', () => {
    expect(parseFrontmatter('\n---\na: 1\n---\n')).toMatchObject({ data: null, endLine: 0 });
    const unclosed = '---\na: 1\nstill body';
    expect(parseFrontmatter(unclosed)).toEqual({ data: null, endLine: 0, body: unclosed });
    expect(parseFrontmatter('no frontmatter')).toEqual({ data: null, endLine: 0, body: 'no frontmatter' });
  });

  it('reports malformed YAML without throwing', () => {
    const result = parseFrontmatter('---\ntags: [unclosed\n  bad: : :\n---\nbody');
    expect(result.data).toBeNull();
    expect(result.endLine).toBe(4);
    expect(result.body).toBe('body');
    expect(result.error).toMatch(/Invalid YAML/);
  });

  it('reports a block that is not a mapping', () => {
    const result = parseFrontmatter('---\n- a\n- b\n---\nbody');
    expect(result.data).toBeNull();
    expect(result.error).toMatch(/mapping/);
  });

  it('treats an empty block as an empty mapping', () => {
    expect(parseFrontmatter('---\n---\nbody')).toMatchObject({ data: {}, endLine: 2, body: 'body' });
  });

  it('verifies a checksum of the body, with or without the sha256: prefix', () => {
    const body = '# Facts\n合同金额是12,345万元\n';
    const ok = parseFrontmatter(`---\nchecksum: sha256:${sha(body)}\n---\n${body}`);
    expect(ok.checksum).toEqual({ declared: `sha256:${sha(body)}`, actual: sha(body), ok: true });
    const bare = parseFrontmatter(`---\nchecksum: ${sha(body).toUpperCase()}\n---\n${body}`);
    expect(bare.checksum?.ok).toBe(true);
  });

  it('reports a checksum mismatch and never fixes it', () => {
    const body = 'edited by hand\n';
    const text = `---\nchecksum: ${sha('original\n')}\n---\n${body}`;
    const result = parseFrontmatter(text);
    expect(result.checksum).toEqual({ declared: sha('original\n'), actual: sha(body), ok: false });
    expect(result.data?.checksum).toBe(sha('original\n'));
  });
});

describe('frontmatter of a template', () => {
  it('parses `date: {{date}}` without a YAML warning on the process (printed on every serve before)', () => {
    const warnings: string[] = [];
    const listener = (w: Error) => warnings.push(w.message);
    process.on('warning', listener);
    const result = parseFrontmatter('---\ntitle: Daily\ndate: {{date}}\n---\n# {{date}}\n');
    expect(result.data?.title).toBe('Daily');
    // Node emits warnings on a later tick.
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        process.off('warning', listener);
        expect(warnings).toEqual([]);
        resolve();
      }),
    );
  });
});
