// The images a phone downloads per page, measured in a real browser: which
// file of a srcset it takes depends on the screen's width and density and on
// `sizes`, and lazy images load only when scrolled near, which no reading of
// the HTML can tell.
import { chromium } from 'playwright-core';

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** A current phone: 390 x 844 CSS pixels at 3x, the densest screens the srcsets serve. */
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
const IMAGE = /\.(avif|webp|jpe?g|png|gif|svg)$/i;

/**
 * For each page: the bytes and count of the image files a phone downloads
 * when the visitor scrolls to the bottom (each page in a fresh context, so
 * nothing comes from the browser's cache).
 */
export async function imageWeights(base, pages) {
  const browser = await chromium.launch({
    executablePath: CHROME,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const results = {};
  try {
    for (const page of pages) {
      const context = await browser.newContext(PHONE);
      await context.addCookies([{ name: 'lang', value: page.startsWith('/en') ? 'en' : 'fr', url: base }]);
      const tab = await context.newPage();
      await tab.goto(`${base}${page}`, { waitUntil: 'load' });
      // A viewport at a time, as a thumb would: each step lets the lazy images near it start.
      await tab.evaluate(async () => {
        for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight) {
          scrollTo(0, y);
          await new Promise((r) => setTimeout(r, 100));
        }
      });
      // Every image on screen at some point has loaded (a hidden one, in a closed menu, never does).
      await tab.waitForFunction(() => [...document.images].every((img) => img.complete || img.getClientRects().length === 0), undefined, {
        timeout: 10_000,
      });
      results[page] = await tab.evaluate(
        (pattern) =>
          performance
            .getEntriesByType('resource')
            .filter((e) => new RegExp(pattern, 'i').test(new URL(e.name).pathname))
            .reduce((sum, e) => ({ bytes: sum.bytes + e.encodedBodySize, count: sum.count + 1 }), { bytes: 0, count: 0 }),
        IMAGE.source,
      );
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}
