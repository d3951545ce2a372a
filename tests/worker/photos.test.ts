import { describe, expect, it } from 'vitest';
import { images } from '../../content/index.ts';
import { getAs, onFixedClock } from './helpers';

// The fixtures' photos as the pages write them (tests/fixtures/content/images:
// a 2400×1600 JPEG above an article's fold, a phone's IMG_2041.JPG as a
// member's portrait, an event's photo, a PNG logo): every one with its
// width and height, modern formats first, a JPEG or PNG for the rest, lazy
// unless it is the first thing on screen.
onFixedClock();

/** The <picture> elements of a page, each with its <img>'s attributes and its <source>s. */
async function pictures(locale: 'fr' | 'en', path: string) {
  const html = await (await getAs(locale, path)).text();
  return [...html.matchAll(/<picture>([\s\S]*?)<\/picture>/g)].map(([, inner]) => {
    const img = /<img ([^>]*)>/.exec(inner!)![1]!;
    const attr = (name: string) => new RegExp(`(?:^| )${name}="([^"]*)"`).exec(img)?.[1];
    return {
      src: attr('src'),
      width: attr('width'),
      height: attr('height'),
      alt: attr('alt'),
      loading: attr('loading'),
      fetchPriority: attr('fetchPriority') ?? attr('fetchpriority'),
      className: attr('class'),
      sources: [...inner!.matchAll(/<source type="([^"]+)" srcSet="([^"]+)" sizes="([^"]+)"/g)].map((m) => ({
        type: m[1],
        srcset: m[2],
        sizes: m[3],
      })),
    };
  });
}

describe('photos on the pages', () => {
  it('an article’s photo leads its page: eager, high priority, AVIF then WebP at each width, a JPEG for the rest', async () => {
    const [hero, ...rest] = await pictures('fr', '/news/bilan-2024');
    const built = images['news/lac-leman.jpg']!;
    expect(hero).toMatchObject({
      src: built.src,
      width: String(built.width),
      height: String(built.height),
      alt: 'Le lac Léman au coucher du soleil, dessiné pour les tests',
      loading: 'eager',
      fetchPriority: 'high',
    });
    expect(hero!.src).toMatch(/\.jpg$/);
    expect(hero!.sources.map((s) => s.type)).toEqual(['image/avif', 'image/webp']);
    for (const s of hero!.sources) expect(s.srcset!.split(', ').map((c) => c.split(' ')[1])).toEqual(['480w', '720w', '960w', '1440w']);
    expect(rest).toEqual([]);
    const english = await pictures('en', '/en/news/bilan-2024');
    expect(english[0]!.alt).toBe('Lake Geneva at sunset, drawn for the tests');
  });

  it('members’ portraits beside their names, lazy, at the small widths a portrait needs', async () => {
    const portraits = (await pictures('fr', '/team')).filter((p) => p.className === 'org-portrait');
    expect(portraits).toHaveLength(2);
    for (const p of portraits) {
      expect(p).toMatchObject({ width: '192', height: '192', alt: '', loading: 'lazy' });
      expect(p.fetchPriority).toBeUndefined();
      for (const s of p.sources) expect(s).toMatchObject({ sizes: '2.5rem', srcset: expect.stringMatching(/ 64w, .* 128w, .* 192w$/) });
    }
    const html = await (await getAs('fr', '/team')).text();
    expect(html).toMatch(/<img class="org-portrait"[^>]*>(?:<\/picture>)?Łukasz Dvořák/);
    expect(html).toContain('Zoë Nguyễn');
  });

  it('an event’s photo, and a partner’s logo kept in PNG for its transparency', async () => {
    const events = (await pictures('fr', '/events')).filter((p) => p.className === 'event-photo');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ loading: 'lazy', width: '1440', height: '1080' });
    const logos = (await pictures('fr', '/')).filter((p) => p.className === 'partner-logo');
    expect(logos).toHaveLength(1);
    expect(logos[0]).toMatchObject({ loading: 'lazy', alt: '', width: '320', height: '107' });
    expect(logos[0]!.src).toMatch(/\.png$/);
  });
});
