import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../web/content-security-policy.js';
import { answerAppRequest } from './app-request.js';

let root: string;
let rendererDir: string;

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-app-'));
  rendererDir = path.join(root, 'renderer');
  fs.mkdirSync(path.join(rendererDir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Memory Lens</title>');
  fs.writeFileSync(path.join(rendererDir, 'assets', 'app.js'), 'export {}');
  fs.writeFileSync(path.join(root, 'secret.txt'), 'outside');
  fs.symlinkSync(path.join(root, 'secret.txt'), path.join(rendererDir, 'assets', 'link.js'));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('app:// protocol answers', () => {
  it('serves the renderer with the strict CSP', async () => {
    const index = await answerAppRequest(rendererDir, 'app://memlens/index.html');
    expect(index.status).toBe(200);
    expect(index.headers['Content-Security-Policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(index.body?.toString()).toContain('Memory Lens');
    const script = await answerAppRequest(rendererDir, 'app://memlens/assets/app.js?v=1');
    expect(script.status).toBe(200);
    expect(script.headers['Content-Type']).toMatch(/javascript/);
  });

  it.each([
    'app://memlens/../secret.txt',
    'app://memlens/%2e%2e/secret.txt',
    'app://memlens/assets/%2e%2e/%2e%2e/secret.txt',
    'app://memlens/assets/..%2f..%2fsecret.txt',
    'app://memlens/assets/link.js',
    'app://memlens/assets/missing.js',
    'app://other/index.html',
    'https://memlens/index.html',
    'not a url',
  ])('answers 404 for %s', async (url) => {
    const answer = await answerAppRequest(rendererDir, url);
    expect(answer.status).toBe(404);
    expect(answer.body?.toString()).not.toContain('outside');
  });
});
