import { chromium } from 'playwright-core';

const [, , url, selector, out, width = '1280', locale = 'fr-CH'] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await browser.newContext({ viewport: { width: Number(width), height: 900 }, locale, reducedMotion: 'reduce' });
const page = await ctx.newPage();
await page.goto(url, { waitUntil: 'networkidle' });
await page.locator(selector).first().scrollIntoViewIfNeeded();
await page.waitForTimeout(300);
await page.locator(selector).first().screenshot({ path: out });
await browser.close();
