import { describe, expect, it } from 'vitest';
import { get, getAs } from './helpers';

/** Details a visitor trips on: counts in words, the icon a browser asks for. */
describe('page details a visitor trips on: counts in words, the favicon', () => {
  it.each([
    ['fr', '/portfolio', '11 projets'],
    ['fr', '/portfolio?category=digital', '3 projets'],
    ['fr', '/portfolio?category=design', '1 projet'],
    ['en', '/en/portfolio', '11 projects'],
    ['en', '/en/portfolio?category=economy', '3 projects'],
    ['en', '/en/portfolio?category=translation', '1 project'],
  ] as const)('%s %s counts its projects in words: "%s"', async (locale, path, count) => {
    const html = await (await getAs(locale, path)).text();
    expect(html).toContain(`<p class="sr-only" role="status">${count}</p>`);
    expect(html).not.toMatch(/projec?t\(s\)/);
  });

  it("answers /favicon.ico with the site's icon, not the 404 page", async () => {
    const res = await get('/favicon.ico');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)$/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    // An ICO file: reserved 0, type 1 (icon), then the number of images.
    expect([...bytes.slice(0, 4)]).toEqual([0, 0, 1, 0]);
    expect(bytes[4]).toBeGreaterThan(0);
  });
});
