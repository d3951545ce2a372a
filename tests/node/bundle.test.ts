import { execFile } from 'node:child_process';
import { readdir, readFile, rm } from 'node:fs/promises';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import budgets from '../../bench/budgets.json';
import { FIXTURE_CONTENT } from '../fixtures/fixtures';

const root = path.resolve(import.meta.dirname, '../..');
/** Production's build, beside dist/ (which the other tests read): what `wrangler deploy --env production` uploads (no_bundle). */
const out = path.join(root, '.dist-build-bundle-test');
const worker = path.join(out, 'worker');
let modules: string[] = [];

beforeAll(async () => {
  await rm(out, { recursive: true, force: true });
  // The tests' own content: the budget is the code's, whatever the association publishes.
  await promisify(execFile)(
    process.execPath,
    [path.join(root, 'scripts/build.mjs'), '--no-seed', '--content', FIXTURE_CONTENT, '--for', 'production', '--out', out],
    { cwd: root },
  );
  modules = (await readdir(worker, { recursive: true })).filter((f) => f.endsWith('.js')).map((f) => path.join(worker, f));
}, 120_000);
afterAll(() => rm(out, { recursive: true, force: true }));

describe('the Worker bundle', () => {
  it('stays within its gzip budget, every module counted, as wrangler would upload them', async () => {
    let size = 0;
    for (const file of modules) size += gzipSync(await readFile(file)).length;
    expect(size, `Worker bundle: ${size} B gzip in ${modules.length} modules`).toBeLessThanOrEqual(budgets.workerBundle.budget);
    expect(size).toBeGreaterThan(50_000); // a real bundle, not an empty file
  });

  /**
   * A module and what it imports statically (`from"./chunks/x.js"`), all the way down: from the entry, what every
   * cold isolate loads; `import("…")` waits for a request.
   */
  async function startModules(from = path.join(worker, 'index.js')): Promise<string[]> {
    const started = new Set<string>();
    const visit = async (file: string) => {
      if (started.has(file)) return;
      started.add(file);
      const js = await readFile(file, 'utf8');
      for (const [, spec] of js.matchAll(/\bfrom\s*"(\.[^"]+)"/g)) await visit(path.resolve(path.dirname(file), spec!));
    };
    await visit(from);
    return [...started];
  }

  it('keeps what every cold isolate loads (the entry and what it imports statically) within its own budget', async () => {
    const started = await startModules();
    let size = 0;
    for (const file of started) size += gzipSync(await readFile(file)).length;
    expect(size, `Worker start: ${size} B gzip in ${started.length} modules`).toBeLessThanOrEqual(budgets.workerStart.budget);
    expect(started.some((f) => f.includes('on-demand'))).toBe(false);
  });

  it('starts without a Unicode property escape: a regular expression with \\p{…} costs a cold start up to half a millisecond', async () => {
    // V8 looks up the character sets of `/\p{L}/u` when it parses a module, whether the expression ever runs or
    // not, and builds them when the literal is evaluated (measured: four of them, 0.35 ms unused, 1 ms at top level):
    // the form rules (client/forms/fields.ts) load with the forms, the e-mail check alone starts (client/forms/email.ts).
    const found: string[] = [];
    for (const file of await startModules()) {
      for (const [property] of (await readFile(file, 'utf8')).matchAll(/\\[pP]\{[^}]*\}/g))
        found.push(`${path.relative(worker, file)}: ${property}`);
    }
    expect(found).toEqual([]);
  });

  it("loads the outbox's store without the content: its Durable Object starts, and counts errors, even when the content's file cannot be read", async () => {
    const start = (await Promise.all((await startModules()).map((f) => readFile(f, 'utf8')))).join('\n');
    const store = /import\("\.\/(outbox-[^"]+\.js)"\)/.exec(start)?.[1];
    expect(store).toBeDefined();
    const loaded = await startModules(path.join(worker, 'chunks', store!));
    expect(loaded.filter((f) => f.includes('on-demand'))).toEqual([]);
    const js = (await Promise.all(loaded.map((f) => readFile(f, 'utf8')))).join('\n');
    expect(js).toContain('CREATE TABLE IF NOT EXISTS submissions'); // the store itself (worker/forms/outbox.ts)
    expect(js).not.toContain("The site's content is read before it was loaded");
  });

  it('carries code, not content: the content and the messages are one file of the [site] bucket, which the Worker names', async () => {
    // The name the Worker reads (scripts/build-worker.mjs writes it into the start chunk), and the file the bucket uploads.
    const file = /"(_data\/[0-9a-f]{32}\.json)"/.exec(await readFile(path.join(out, 'data-file.js'), 'utf8'))?.[1];
    expect(file).toBeDefined();
    const data = JSON.parse(await readFile(path.join(out, 'public', file!), 'utf8'));
    expect(Object.keys(data)).toEqual(['content', 'messages']);
    expect(Object.keys(data.messages)).toEqual(['fr', 'en']);
    expect(data.content.team.length).toBeGreaterThan(0);
    // Every text of the fixtures' content and of the messages that a module would hold as it is (printable ASCII:
    // esbuild escapes the rest), long enough to be no word of the code: in the data file, in no module.
    const texts = (value: unknown): string[] =>
      typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(texts) : [];
    const long = (value: unknown) => texts(value).filter((t) => /^[\x20-\x7e]{30,}$/.test(t) && !/^(\/|https?:)/.test(t));
    const [content, messages] = [long(data.content), long(data.messages)];
    expect(content).toContain(data.content.team[0].description.en);
    expect(content.length).toBeGreaterThan(50);
    expect(messages.length).toBeGreaterThan(50);
    const js = (await Promise.all(modules.map((f) => readFile(f, 'utf8')))).join('\n');
    expect(content.filter((t) => js.includes(t))).toEqual([]);
    expect(messages.filter((t) => js.includes(t))).toEqual([]);
    expect(js).toContain(`"${file}"`);
  });

  it('is the wrangler.toml entry and its chunks, each chunk a module wrangler uploads as it is', async () => {
    const { unstable_readConfig } = await import('wrangler');
    const config = unstable_readConfig({ config: path.join(root, 'wrangler.toml'), env: 'production' });
    expect(config.no_bundle).toBe(true);
    expect(path.relative(root, config.main ?? '')).toBe('dist/worker/index.js');
    for (const file of modules.filter((f) => !f.endsWith('index.js'))) expect(path.relative(worker, file)).toMatch(/^chunks\/[^/]+\.js$/);
    expect(config.rules).toContainEqual(expect.objectContaining({ type: 'ESModule', globs: ['chunks/*.js'] }));
  });

  it('is one-byte text: a single character above U+00FF makes V8 hold and parse all of it as two-byte text', async () => {
    // esbuild escapes such characters in strings, not in regular expressions:
    // write them as \uXXXX there (client/forms/fields.ts). It cost 1 ms of every cold start.
    const js = (await Promise.all(modules.map((f) => readFile(f, 'utf8')))).join('\n');
    const wide = [...new Set(js.match(/[^\u0000-\u00ff]/g) ?? [])].map((ch) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase()} ${ch}`);
    expect(wide).toEqual([]);
  });

  it('goes with a source map (upload_source_maps) that takes a production stack trace back to its TypeScript line', async () => {
    // --outdir writes a map in any case: the setting is what uploads it with each deploy, in both environments.
    const { unstable_readConfig } = await import('wrangler');
    for (const env of ['staging', 'production'])
      expect(unstable_readConfig({ config: path.join(root, 'wrangler.toml'), env }).upload_source_maps, env).toBe(true);
    // The module that holds it (the forms load on demand), and the map beside it.
    const texts = await Promise.all(modules.map(async (file) => ({ file, js: await readFile(file, 'utf8') })));
    const { file, js } = texts.find((m) => m.js.includes('Form data read before the body step validated it'))!;
    expect(js).toContain(`//# sourceMappingURL=${path.basename(file)}.map`);
    const map = new SourceMap(JSON.parse(await readFile(`${file}.map`, 'utf8')));
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
