import { describe, expect, it, vi } from 'vitest';
import { get, ORIGIN } from './helpers';

/**
 * No path, however encoded, gets a 5xx, and no redirect leaves the site.
 * A decoded `%0d%0a` in a header used to make the response throw (500).
 */
const EN_FIRST_VISIT = { 'Accept-Language': 'en-GB,en;q=0.9' };

describe('paths with encoded control characters', () => {
  it.each([
    '/jobs/%0d%0aset-cookie:%20pwn=1',
    '/news/%00',
    '/team%0d%0a',
    '/%0aLocation:%20https://evil.example',
    '/en/jobs/%0d%0a',
    '/services/%E2%80%A8',
  ])('%s answers without a 5xx, for a first English visit too', async (path) => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const headers of [EN_FIRST_VISIT, { Cookie: 'lang=en' }, { Cookie: 'lang=fr' }, {}] as Record<string, string>[]) {
      const res = await get(path, headers);
      expect(res.status, `${path} ${JSON.stringify(headers)}`).toBeLessThan(500);
      const location = res.headers.get('location');
      if (location) expect(location).not.toMatch(/[\r\n\0]/);
      expect(res.headers.get('set-cookie') ?? '').not.toContain('pwn');
      await res.arrayBuffer();
    }
    expect(error).not.toHaveBeenCalled();
  });

  it('a first English visit to a job path with CR LF is sent to its /en twin, the escapes kept', async () => {
    const res = await get('/jobs/%0d%0aset-cookie:%20pwn=1', EN_FIRST_VISIT);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/en/jobs/%0d%0aset-cookie:%20pwn=1');
  });
});

describe('fuzzing paths', () => {
  /** A small seeded generator, so a failure can be replayed. */
  function rng(seed: number) {
    return () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
  }
  const prefixes = [
    '',
    '/en',
    '/jobs',
    '/en/jobs',
    '/news',
    '/en/news',
    '/services',
    '/tools',
    '/assets',
    '/images',
    '/legal',
    '/api',
    '/portfolio',
    '/Team',
    '/EN',
  ];
  const pieces = [
    '%0d',
    '%0a',
    '%0D%0A',
    '%00',
    '%09',
    '%7f',
    '%E2%80%A8',
    '%E2%80%A9',
    '%e2%80%ae', // controls, separators, bidi
    '%',
    '%z',
    '%zz',
    '%4',
    '%%30',
    '%25',
    '%2525', // invalid or double escapes
    '%C0%AF',
    '%C0%80',
    '%E0%80%AF',
    '%ED%A0%80',
    '%F4%90%80%80',
    '%FF',
    '%C3', // overlong, surrogate, out of range, truncated UTF-8
    '..',
    '.',
    '%2e%2e',
    '%2e',
    '%2f',
    '%2F',
    '%5c',
    '%5C',
    '//',
    '///', // dot segments and slashes
    'é',
    '💥',
    'ABC',
    'team',
    'linkedin',
    'a'.repeat(300),
    '-',
    '_',
    '~',
    ';x',
    ':x',
    '@',
    '?',
    '#',
    '?a=%0a',
    '*',
  ];

  it('never answers 5xx, never logs an error, never redirects off the site', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const random = rng(20261124);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const seen: Record<number, number> = {};
    for (let i = 0; i < 800; i++) {
      let path = pick(prefixes);
      // Half the paths have one segment after a route's prefix, like /jobs/:name, so page routes see them too.
      const segments = random() < 0.5 ? 1 : 2 + Math.floor(random() * 3);
      for (let s = 0; s < segments; s++) path += (random() < 0.8 ? '/' : '') + pick(pieces) + (random() < 0.3 ? pick(pieces) : '');
      if (!path.startsWith('/')) path = `/${path}`; // what follows the host is always a path
      // Half in canonical (lower-case) form, which the routes see; the other half meets the canonical redirect first.
      if (random() < 0.5) path = path.toLowerCase();
      const headers = pick<Record<string, string>>([
        EN_FIRST_VISIT,
        EN_FIRST_VISIT,
        { Cookie: 'lang=en' },
        { Cookie: 'lang=fr' },
        { 'User-Agent': 'Googlebot/2.1' },
        {},
      ]);
      const method = pick(['GET', 'GET', 'GET', 'HEAD', 'POST', 'OPTIONS']);
      let res: Response;
      try {
        res = await get(path, headers, method);
      } catch (thrown) {
        throw new Error(`#${i} ${method} ${path}: ${String(thrown)}`);
      }
      expect(res.status, `#${i} ${method} ${path} ${JSON.stringify(headers)}`).toBeLessThan(500);
      seen[res.status] = (seen[res.status] ?? 0) + 1;
      const location = res.headers.get('location');
      if (location) {
        expect(
          new URL(location, ORIGIN).origin === ORIGIN || /^https:\/\/(www\.)?(linkedin|instagram)\.com\//.test(location),
          `#${i} ${path} -> ${location}`,
        ).toBe(true);
      }
      await res.arrayBuffer();
    }
    // The fuzz reached pages, redirects, 404s and the API's refusals.
    expect(Object.keys(seen).map(Number)).toEqual(expect.arrayContaining([200, 301, 404]));
    expect(error).not.toHaveBeenCalled();
  }, 60_000);
});
