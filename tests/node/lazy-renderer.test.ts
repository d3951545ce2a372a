import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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

describe("the content and messages of a page rendered for the request (the [site] bucket's data file)", () => {
  /** The data file the build wrote (scripts/build-worker.mjs), and its key in the bucket as load.mjs names keys. */
  async function dataFile() {
    const { default: file } = await import(pathToFileURL(path.join(root, 'dist/data-file.js')).href);
    return { file: file as string, key: (file as string).replace(/\.json$/, '.0123456789.json') };
  }

  /** The tests' bucket, noting every key read; `without` a key it then lacks. */
  function bucket(without?: string) {
    const kv = folderKV(publicDir);
    const read: string[] = [];
    const get = (key: string, type?: Parameters<typeof kv.get>[1]) => {
      read.push(key);
      return key === without ? Promise.resolve(null) : kv.get(key, type);
    };
    return { read, kv: { ...kv, get } };
  }

  it('are read from the bucket, once per isolate: the bundle holds none of them', async () => {
    const { file, key } = await dataFile();
    const { content } = JSON.parse(await readFile(path.join(publicDir, file), 'utf8'));
    const duty = content.team[0].description.en as string;
    const worker = await load('data', false);
    // Not in any module of the Worker: a page that shows it took it from the bucket.
    for (const module of (await readdir(path.join(folder, 'data'), { recursive: true })).filter((f) => f.endsWith('.js')))
      expect(await readFile(path.join(folder, 'data', module), 'utf8'), module).not.toContain(duty);
    const { read, kv } = bucket();
    const env = { ...(await environment()), __STATIC_CONTENT: kv };
    const team = await worker.fetch(request('/en/team?sent=contact'), env, ctx);
    expect(team.status).toBe(200);
    expect(team.headers.get('X-Page-Source')).toBe('request');
    const html = await team.text();
    expect(html).toContain(duty);
    expect(html).toContain('>Team<');
    const contact = await worker.fetch(request('/contact?sent=contact'), env, ctx);
    expect(contact.status).toBe(200);
    expect(await contact.text()).toContain('<html lang="fr"');
    expect(read.filter((k) => k === key)).toEqual([key]);
  });

  it('fail loudly when the file is missing (logged, the 500 page), and are read at the next request once it is there', async () => {
    const { file, key } = await dataFile();
    const worker = await load('no-data', false);
    const logged: unknown[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((record: unknown) => void logged.push(record));
    try {
      const env = { ...(await environment()), __STATIC_CONTENT: bucket(key).kv };
      const failed = await worker.fetch(request('/en/team?sent=contact'), env, ctx);
      expect(failed.status).toBe(500);
      expect(await failed.text()).toContain('<html lang="en"');
      expect(logged).toContainEqual(
        expect.objectContaining({
          event: 'request.error',
          error: `SiteDataError: The site's content and messages (${file}, written by scripts/build.mjs) are not in the [site] bucket (key ${key}): nothing can be rendered for a request until the build's files are uploaded (deploy again)`,
        }),
      );
      // A page rendered ahead needs none of it.
      expect((await worker.fetch(request('/en/team'), env, ctx)).status).toBe(200);
    } finally {
      spy.mockRestore();
    }
    // The failed load was not kept: with the file there, the same isolate renders.
    const env = { ...(await environment()), __STATIC_CONTENT: bucket().kv };
    const team = await worker.fetch(request('/en/team?sent=contact'), env, ctx);
    expect(team.status).toBe(200);
    expect(team.headers.get('X-Page-Source')).toBe('request');
  });
});
