import { describe, expect, it } from 'vitest';
import { jobs, news } from '../../content/index.ts';
import { DESKTOP, open, PHONE, useBrowser } from './browser';

// Details a visitor sees at a glance: an arrow that leaves its title, cards of a row that end at different heights.
const browser = useBrowser();

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('on a %s', (_name, viewport) => {
  it.each(['/', '/en'])('%s: each service card keeps its arrow beside the last word of its title, at full size', async (path) => {
    const { page, context } = await open(browser(), { viewport });
    await page.goto(path);
    const cards = page.locator('#services .card-link');
    expect(await cards.count()).toBeGreaterThan(0);
    for (const link of await cards.all()) {
      const lastWord = (await link.locator('.card-link-end').boundingBox())!;
      const arrow = (await link.locator('svg').boundingBox())!;
      // On the last word's line, just after it, and not shrunk by a wrapping title.
      expect(arrow.y + arrow.height / 2).toBeGreaterThan(lastWord.y);
      expect(arrow.y + arrow.height / 2).toBeLessThan(lastWord.y + lastWord.height);
      expect(arrow.x).toBeGreaterThan(lastWord.x);
      expect(arrow.width).toBe(16);
    }
    await context.close();
  });

  it.each(['/events', '/en/events'])('%s: gallery cards of a row end at the same height, their pictures the same shape', async (path) => {
    const { page, context } = await open(browser(), { viewport });
    await page.goto(path);
    const boxes = await page.locator('.gallery figure').evaluateAll((figures) =>
      figures.map((f) => {
        const r = f.getBoundingClientRect();
        const img = f.querySelector('img')!.getBoundingClientRect();
        return { top: Math.round(r.top), bottom: Math.round(r.bottom), ratio: img.width / img.height };
      }),
    );
    expect(boxes.length).toBeGreaterThan(1);
    for (const { top } of boxes) expect(new Set(boxes.filter((b) => b.top === top).map((b) => b.bottom)).size).toBe(1);
    for (const b of boxes) expect(b.ratio).toBeCloseTo(8 / 5, 1);
    await context.close();
  });
});

it('never breaks “e-mail” in a heading, a button or a link: each sits in a span that does not wrap', async () => {
  const { page, context } = await open(browser(), { viewport: PHONE });
  const pages = ['/', '/contact', '/services/translation', `/jobs/${jobs[0]!.id}`, `/news/${news[0]!.id}`];
  const breakable: string[] = [];
  let seen = 0;
  for (const path of pages) {
    await page.goto(path);
    const found = await page.evaluate(() => {
      const walker = document.createTreeWalker(document.querySelector('main')!, NodeFilter.SHOW_TEXT);
      const out: { text: string; nowrap: boolean }[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement!;
        if (!/e-mail/i.test(node.textContent!) || !parent.closest('h1, h2, h3, h4, strong, button, .button, a')) continue;
        out.push({
          text: node.textContent!.trim(),
          nowrap: getComputedStyle(parent).whiteSpace === 'nowrap' && node.textContent!.trim().length < 12,
        });
      }
      return out;
    });
    seen += found.length;
    for (const f of found) if (!f.nowrap) breakable.push(`${path}: "${f.text}"`);
  }
  expect(seen).toBeGreaterThan(0);
  expect(breakable).toEqual([]);
  await context.close();
});
