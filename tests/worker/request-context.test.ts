import { describe, expect, it } from 'vitest';
import { jobs } from '#content/index.ts';
import manifest from '../../dist/manifest.json';
import { get, getAs, ORIGIN, onFixedClock } from './helpers';

// What a request knows about itself is worked out once (worker/middleware/locale.ts
// and the page routes); these check what a visitor sees of it.

describe('the language of a request', () => {
  it('is French unless the path is /en or starts with /en/', async () => {
    const res = await getAs('fr', '/english');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-language')).toBe('fr');
    expect(await res.text()).toContain('Page introuvable');
    const en = await getAs('en', '/en/nothing-here');
    expect(en.status).toBe(404);
    expect(await en.text()).toContain('Page not found');
  });

  it('for the API, is the language of the page the form was on', async () => {
    const res = await get('/api/contact', { Referer: `${ORIGIN}/en/contact` });
    expect(res.status).toBe(405);
    expect(await res.json()).toEqual({ ok: false, message: 'This address only accepts form submissions (POST).' });
  });

  it('answers a malformed escape in a page parameter with a 404, never a 500', async () => {
    expect((await getAs('fr', '/jobs/%e0')).status).toBe(404);
    expect((await getAs('en', '/en/news/%zz')).status).toBe(404);
  });
});

describe('HEAD, answered by Hono from the GET routes', () => {
  it.each([
    ['a page', '/team'],
    ['a static file', manifest.css],
    ['a short link', '/linkedin'],
  ])('%s: same status and headers, no body', async (_, path) => {
    const head = await get(path, { Cookie: 'lang=fr' }, 'HEAD');
    const full = await get(path, { Cookie: 'lang=fr' });
    expect(head.status).toBe(full.status);
    expect(head.headers.get('content-type')).toBe(full.headers.get('content-type'));
    expect(head.headers.get('location')).toBe(full.headers.get('location'));
    expect(await head.text()).toBe('');
    await full.body?.cancel();
  });
});

describe('the header marks the page from its route', () => {
  onFixedClock(); // a day on which the offer is open
  it('the current page, and the listing of an offer', async () => {
    const team = await (await getAs('en', '/en/team')).text();
    expect(team).toMatch(/<a href="\/en\/team" aria-current="page">Team<\/a>/);
    const offer = await (await getAs('en', `/en/jobs/${jobs[0]!.id}`)).text();
    expect(offer).toMatch(/<a href="\/en\/jobs" aria-current="true">/);
    expect(offer).not.toContain('aria-current="page"');
  });
});
