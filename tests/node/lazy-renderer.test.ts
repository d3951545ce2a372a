import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyKV, folderKV, loadableWorker } from '../../bench/cold/load.mjs';

/**
 * A page rendered ahead is served without React: the Worker as built
 * (dist/worker, the tests' build), loaded in Node as the cold-start bench
 * loads it, answers every page of the build's table with its on-demand chunk
 * (React, the pages, the forms, the content) deleted; a request that needs
 * React then fails, so the chunk is what it would have loaded
 * (docs/decisions/0017).
 */

const root = path.resolve(import.meta.dirname, '../..');
const publicDir = path.join(root, 'dist/public');
let folder = '';

interface Worker {
  fetch(request: Request, env: Record<string, unknown>, ctx: object): Promise<Response>;
}

/** The Worker's vars as the tests run it (wrangler.toml's top level, ENVIRONMENT = test), plus `vars`. */
async function environment(vars: Record<string, string> = {}) {
  const { unstable_readConfig } = await import('wrangler');
  const top = unstable_readConfig({ config: path.join(root, 'wrangler.toml') }, { hideWarnings: true }).vars;
  return { ...top, ENVIRONMENT: 'test', ...vars, SHORT_LINKS: emptyKV, __STATIC_CONTENT: folderKV(publicDir) };
}

/** A copy of the built Worker, loaded fresh; `withoutOnDemand` deletes the chunk it loads on demand first. */
async function load(name: string, withoutOnDemand: boolean): Promise<Worker> {
  const to = path.join(folder, name);
  const entry = await loadableWorker(path.join(root, 'dist/worker'), to, publicDir);
  if (withoutOnDemand) {
    const chunks = await readdir(path.join(to, 'chunks'));
    const onDemand = chunks.filter((f) => /^on-demand-.*\.js$/.test(f));
    expect(onDemand).toHaveLength(1);
    await rm(path.join(to, 'chunks', onDemand[0]!));
  }
  return (await import(pathToFileURL(entry).href)).default as Worker;
}

const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} };
const request = (url: string) =>
  new Request(`https://jeepfl.ch${url}`, {
    headers: { Cookie: `lang=${url.startsWith('/en') ? 'en' : 'fr'}`, 'User-Agent': 'Mozilla/5.0' },
  });

/** Every page of the tests' build for today (`en /team`), with the status and file the table gives it. */
async function builtPages(key: string) {
  const { default: table } = await import(pathToFileURL(path.join(root, 'dist/pages.js')).href);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(new Date());
  return Object.entries(table.configs[key] as Record<string, [string, number, string][]>).map(([page, variants]) => {
    const [day, status, file] = variants.filter((v) => v[0] <= today).at(-1)!;
    const [locale, where] = page.split(' ') as [string, string];
    const url = /^\d+$/.test(where)
      ? `${locale === 'en' ? '/en' : ''}/no-such-page`
      : locale === 'en'
        ? where === '/'
          ? '/en'
          : `/en${where}`
        : where;
    return { page, url, day, status: where === '500' ? 500 : status, file };
  });
}

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'lazy-renderer-'));
  // The page cache: always empty, as in a fresh isolate.
  (globalThis as Record<string, unknown>).caches ??= { default: { match: async () => undefined, put: async () => {} } };
});
afterAll(() => rm(folder, { recursive: true, force: true }));

describe('a page rendered ahead', () => {
  it('is served, byte for byte, by a Worker whose on-demand chunk is gone', async () => {
    const worker = await load('without', true);
    const env = await environment();
    const { pageConfigKey } = await import('../../worker/render/settings.ts');
    const { readConfig } = await import('../../worker/env.ts');
    const pages = (await builtPages(pageConfigKey(readConfig(env as never)))).filter((p) => !p.page.endsWith(' 500'));
    expect(pages.length).toBeGreaterThan(20);
    for (const { page, url, status, file } of pages) {
      const res = await worker.fetch(request(url), env, ctx);
      expect(res.status, page).toBe(status);
      expect(res.headers.get('X-Page-Source'), page).toBe('build');
      expect(await res.text(), page).toBe(await readFile(path.join(publicDir, '_pages', `${file}.html`), 'utf8'));
    }
    // What needs React fails without the chunk (the build's 500 page answers): the test can fail.
    const answer = await worker.fetch(request('/contact?sent=contact'), env, ctx);
    expect(answer.status).toBe(500);
  });

  it('needs the chunk only when the page is rendered for the request: a form answer, settings the build did not know', async () => {
    const worker = await load('with', false);
    const sent = await worker.fetch(request('/contact?sent=contact'), await environment(), ctx);
    expect(sent.status).toBe(200);
    expect(sent.headers.get('X-Page-Source')).toBe('request');
    const other = await worker.fetch(request('/contact'), await environment({ CONTACT_PHONE: '+41 21 000 00 00' }), ctx);
    expect(other.status).toBe(200);
    expect(other.headers.get('X-Page-Source')).toBe('request');
    expect(await other.text()).toContain('tel:+41210000000');
  });
});
