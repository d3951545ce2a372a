import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { SourceMap } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import budgets from '../../bench/budgets.json';
import { FIXTURE_CONTENT } from '../fixtures/fixtures';

const root = path.resolve(import.meta.dirname, '../..');
let out = '';

/** The production bundle exactly as `wrangler deploy --env production` would upload it (minified, with its source map). */
beforeAll(async () => {
  out = await mkdtemp(path.join(tmpdir(), 'bundle-'));
  await promisify(execFile)(
    process.execPath,
    [path.join(root, 'node_modules/wrangler/bin/wrangler.js'), 'deploy', '--dry-run', '--outdir', out, '--env', 'production'],
    {
      cwd: root,
      // The tests' own content: the budget is the code's, whatever the association publishes.
      env: { ...process.env, CONTENT_DIR: FIXTURE_CONTENT, NODE_ENV: 'production', WRANGLER_SEND_METRICS: 'false' },
    },
  );
}, 120_000);
afterAll(() => rm(out, { recursive: true, force: true }));

describe('the Worker bundle', () => {
  it('stays within its gzip budget, as wrangler would upload it', async () => {
    const size = gzipSync(await readFile(path.join(out, 'index.js'))).length;
    expect(size, `Worker bundle: ${size} B gzip`).toBeLessThanOrEqual(budgets.workerBundle.budget);
    expect(size).toBeGreaterThan(50_000); // a real bundle, not an empty file
  });

  it('is one-byte text: a single character above U+00FF makes V8 hold and parse all of it as two-byte text', async () => {
    // esbuild escapes such characters in strings, not in regular expressions:
    // write them as \uXXXX there (client/forms/fields.ts). It cost 1 ms of every cold start.
    const js = await readFile(path.join(out, 'index.js'), 'utf8');
    const wide = [...new Set(js.match(/[^\u0000-\u00ff]/g) ?? [])].map((ch) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase()} ${ch}`);
    expect(wide).toEqual([]);
  });

  it('goes with a source map (upload_source_maps) that takes a production stack trace back to its TypeScript line', async () => {
    // --outdir writes a map in any case: the setting is what uploads it with each deploy, in both environments.
    const { unstable_readConfig } = await import('wrangler');
    for (const env of ['staging', 'production'])
      expect(unstable_readConfig({ config: path.join(root, 'wrangler.toml'), env }).upload_source_maps, env).toBe(true);
    const js = await readFile(path.join(out, 'index.js'), 'utf8');
    const map = new SourceMap(JSON.parse(await readFile(path.join(out, 'index.js.map'), 'utf8')));
    // Where the minified code throws one known error, as a stack trace would give it.
    const throwAt = js.lastIndexOf('throw', js.indexOf('Form data read before the body step validated it'));
    const before = js.slice(0, throwAt);
    const entry = map.findEntry(before.split('\n').length - 1, throwAt - (before.lastIndexOf('\n') + 1));
    const source = await readFile(path.join(root, 'worker/forms/pipeline.ts'), 'utf8');
    const line = source.split('\n').findIndex((l) => l.includes("throw new Error('Form data read before the body step validated it')"));
    expect(line).toBeGreaterThan(0);
    expect(entry).toMatchObject({ originalSource: expect.stringMatching(/worker\/forms\/pipeline\.ts$/), originalLine: line });
  });
});
