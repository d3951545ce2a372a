import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../bench/server.mjs';
import { FIXTURE_CONTENT } from '../fixtures/fixtures';

/**
 * The Worker in the shape wrangler uploads it (docs/decisions/0017):
 * wrangler.toml's `main` (dist/worker/index.js), no bundling, each file of
 * chunks/ a module of its own, the [site] bucket with the pages rendered
 * ahead. The other tiers run the source (vitest bundles it, the browser
 * tests' server too); this one runs the build in workerd, with `wrangler dev`
 * as the bench starts it, and asks it for a page rendered ahead, a static
 * file, and a page that loads the on-demand module.
 */

let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  // Its [build] makes the same dist/ the node tier's build made (the fixtures, from the same day).
  server = await startServer({ env: { CONTENT_DIR: FIXTURE_CONTENT, PRERENDER_FROM: '2025-01-01' } });
}, 150_000);
afterAll(() => server?.stop());

const get = (p: string) =>
  fetch(`${server.base}${p}`, { headers: { Cookie: `lang=${p.startsWith('/en') ? 'en' : 'fr'}` }, redirect: 'manual' });

describe('the Worker as wrangler uploads it (dist/worker, no bundling)', () => {
  it('serves a page rendered ahead, in both languages, with its headers', async () => {
    for (const p of ['/', '/en/team']) {
      const res = await get(p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('x-page-source'), p).toBe('build');
      expect(res.headers.get('content-security-policy'), p).toContain("default-src 'self'");
      expect(await res.text(), p).toMatch(/^<!DOCTYPE html><html lang="(fr|en)"/);
    }
  });

  it('serves a static file, and a page that loads the on-demand module (React) for the request', async () => {
    expect((await get('/images/logo.svg')).status).toBe(200);
    const sent = await get('/contact?sent=contact');
    expect(sent.status).toBe(200);
    expect(sent.headers.get('x-page-source')).toBe('request');
    expect(await sent.text()).toContain('<html lang="fr"');
    expect((await get('/no-such-page')).status).toBe(404);
  });
});
