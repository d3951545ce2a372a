import { chromium } from 'playwright-core';

const [, , base, out, ...paths] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const [name, vp] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 800 }],
]) {
  for (const locale of ['fr', 'en']) {
    const ctx = await browser.newContext({
      viewport: vp,
      locale: locale === 'fr' ? 'fr-CH' : 'en-GB',
      reducedMotion: 'reduce',
      deviceScaleFactor: 1,
    });
    const page = await ctx.newPage();
    for (const p of paths) {
      const url = base + (locale === 'en' ? (p === '/' ? '/en' : '/en' + p) : p);
      await page.goto(url, { waitUntil: 'networkidle' });
      await page.waitForTimeout(300);
      const file = `${out}/${locale}-${name}-${p.replace(/[^a-z0-9]+/gi, '_') || 'home'}.png`;
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
    }
    await ctx.close();
  }
}
await browser.close();
