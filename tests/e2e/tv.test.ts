import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { open, SCREENSHOTS, useBrowser } from './browser';

// /tools/tv, the office screen: a 16:9 kiosk. Timers run on Playwright's clock.

const TV = { width: 1920, height: 1080 };

const browser = useBrowser();

const shown = (page: Page) => page.locator('.tv-slide:not([hidden]) h2').innerText();

describe('/tools/tv', () => {
  it('fits a 1920x1080 screen without scrolling, every slide, with body text of at least 32 px', async () => {
    const { page, context, problems } = await open(browser(), { viewport: TV });
    await page.goto('/tools/tv', { waitUntil: 'networkidle' });
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOTS, 'fr-tv.png') });
    const fit = await page.evaluate(() => {
      const slides = [...document.querySelectorAll<HTMLElement>('.tv-slide')];
      const overflowing = slides
        .filter((slide) => {
          for (const s of slides) s.hidden = s !== slide;
          return slide.scrollHeight > slide.clientHeight || document.documentElement.scrollHeight > innerHeight;
        })
        .map((s) => s.querySelector('h2')!.textContent);
      const texts = [...document.querySelectorAll<HTMLElement>('.tv p, .tv span, .tv li')].filter((el) => el.textContent!.trim());
      const smallest = Math.min(...texts.map((el) => parseFloat(getComputedStyle(el).fontSize)));
      return { count: slides.length, overflowing, smallest, scrolls: document.documentElement.scrollWidth > innerWidth };
    });
    expect(fit.count).toBe(5);
    expect(fit.overflowing).toEqual([]);
    expect(fit.scrolls).toBe(false);
    expect(fit.smallest).toBeGreaterThanOrEqual(32);
    expect(problems).toEqual([]);
    await context.close();
  });

  it.each([
    ['/tools/tv', 1920, 1080],
    ['/en/tools/tv', 1280, 720],
  ])("%s at %ix%i: each key figure on one line, inside its column (the revenue as 390'000 CHF)", async (url, width, height) => {
    const { page, context } = await open(browser(), { viewport: { width, height } });
    await page.goto(`${url}?slide=1`, { waitUntil: 'networkidle' });
    const figures = await page.locator('.tv-figures li').evaluateAll((items) =>
      items.map((li) => {
        const value = li.querySelector('strong')!;
        const lineHeight = parseFloat(getComputedStyle(value).lineHeight);
        return {
          text: value.textContent,
          lines: Math.round(value.getBoundingClientRect().height / lineHeight),
          fits: value.scrollWidth <= li.clientWidth,
        };
      }),
    );
    expect(figures.length).toBeGreaterThan(0);
    expect(figures.some((f) => /^\d{1,3}(?:'\d{3})+ CHF$/.test(f.text ?? ''))).toBe(true);
    for (const f of figures) expect(f, f.text ?? '').toMatchObject({ lines: 1, fits: true });
    await context.close();
  });

  it('moves to the next slide every 12 s and with the arrow keys, the progress bar restarting', async () => {
    const { page, context } = await open(browser(), { viewport: TV });
    await page.clock.install();
    await page.goto('/tools/tv', { waitUntil: 'networkidle' });
    expect(await shown(page)).toBe('La JE EPFL en chiffres');
    expect(await page.locator('.tv-progress span').evaluate((el) => getComputedStyle(el).animationName)).toBe('tv-progress');
    await page.clock.fastForward(12_000);
    expect(await shown(page)).toBe('Prochains événements');
    await page.keyboard.press('ArrowRight');
    expect(await shown(page)).toBe('Jobs étudiants ouverts');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    expect(await shown(page)).toBe('La JE EPFL en chiffres');
    await page.keyboard.press('ArrowLeft'); // wraps around
    expect(await shown(page)).toBe('Nos services aux entreprises');
    await context.close();
  });

  it('keeps the slide ?slide=N names, in English under /en, and shows the time in Lausanne', async () => {
    const { page, context } = await open(browser(), { viewport: TV });
    await page.clock.install({ time: new Date('2026-11-23T13:05:00Z') });
    await page.goto('/en/tools/tv?slide=3', { waitUntil: 'networkidle' });
    expect(await shown(page)).toBe('Open student jobs');
    await page.clock.fastForward(60_000);
    expect(await shown(page)).toBe('Open student jobs');
    expect(await page.locator('.tv-clock').innerText()).toBe('14:06');
    await context.close();
  });

  it('fetches fresh slides every 10 minutes without reloading', async () => {
    const { page, context } = await open(browser(), { viewport: TV });
    await page.clock.install();
    let loads = 0;
    page.on('load', () => loads++);
    let calls = 0;
    await page.route('**/tools/tv', async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replaceAll(
        'La JE EPFL en chiffres',
        calls++ === 0 ? 'La JE EPFL en chiffres' : 'Chiffres du jour',
      );
      await route.fulfill({ status: response.status(), contentType: 'text/html; charset=utf-8', body });
    });
    await page.goto('/tools/tv', { waitUntil: 'networkidle' });
    await page.keyboard.press('ArrowRight');
    await page.clock.fastForward('10:01');
    await page.locator('.tv-slide h2', { hasText: 'Chiffres du jour' }).waitFor({ state: 'attached' });
    // The rotation went on from the slide shown (the fast-forward ran its timer once), in a page that did not reload.
    expect(await shown(page)).toBe('Jobs étudiants ouverts');
    expect(loads).toBe(1);
    await context.close();
  });

  it('changes slides without animation under reduced motion', async () => {
    const { page, context } = await open(browser(), { viewport: TV, reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/tools/tv', { waitUntil: 'networkidle' });
    await page.clock.fastForward(12_000);
    expect(await shown(page)).toBe('Prochains événements');
    expect(await page.locator('.tv-slide:not([hidden])').evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
    await context.close();
  });

  it('slides the next slide in, with motion allowed', async () => {
    const { page, context } = await open(browser(), { viewport: TV });
    await page.clock.install();
    await page.goto('/tools/tv', { waitUntil: 'networkidle' });
    expect(await page.locator('.tv-slide:not([hidden])').evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
    await page.clock.fastForward(12_000);
    expect(await page.locator('.tv-slide:not([hidden])').evaluate((el) => getComputedStyle(el).animationName)).toBe('tv-in');
    await context.close();
  });
});
