import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { open, PHONE, useBrowser } from './browser';

// The phone menu: its button reads "Menu", then "Fermer" / "Close" with an X
// while open; the page behind is dimmed, cannot be tapped and does not scroll.

const browser = useBrowser();

const TOGGLE = '.nav-mobile > summary';
const JOB = '/jobs/developpeur-web-site-vitrine';

/** The menu's button as Chromium hands it to a screen reader: its name and whether it is expanded. */
async function announced(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const { result } = await cdp.send('Runtime.evaluate', { expression: `document.querySelector('${TOGGLE}')` });
  const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { objectId: result.objectId, fetchRelatives: false });
  await cdp.detach();
  const node = nodes[0]!;
  return { name: node.name?.value as string, expanded: node.properties?.find((p) => p.name === 'expanded')?.value.value as boolean };
}

const toggleFocused = (page: Page) => page.evaluate((sel) => document.activeElement === document.querySelector(sel), TOGGLE);
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);
/** Two frames: long enough for a wheel to have scrolled the page if it could (instant under reduced motion). */
const frames = (page: Page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

describe('the phone menu', () => {
  for (const [locale, path, close] of [
    ['fr-CH', '/', 'Fermer'],
    ['en-GB', '/en', 'Close'],
  ] as const) {
    it(`reads "Menu", then "${close}" with an X while open, and says whether it is expanded (${locale})`, async () => {
      const { page, context } = await open(browser(), { viewport: PHONE, locale });
      await page.goto(path);
      const toggle = page.locator(TOGGLE);
      expect(await toggle.innerText()).toBe('Menu');
      expect(await announced(page)).toEqual({ name: 'Menu', expanded: false });
      expect(await toggle.locator('.icon-menu').isVisible()).toBe(true);
      expect(await toggle.locator('.icon-x').isVisible()).toBe(false);

      await toggle.click();
      expect(await toggle.innerText()).toBe(close);
      expect(await announced(page)).toEqual({ name: close, expanded: true });
      expect(await toggle.locator('.icon-x').isVisible()).toBe(true);
      expect(await toggle.locator('.icon-menu').isVisible()).toBe(false);

      await toggle.click();
      expect(await announced(page)).toEqual({ name: 'Menu', expanded: false });
      await context.close();
    });
  }

  it('closes with Escape and gives focus back to its button', async () => {
    const { page, context } = await open(browser(), { viewport: PHONE });
    // The menus' script starts after the first paint (client/runtime/boot.ts): wait for it.
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.locator(TOGGLE).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('.nav-mobile-panel') !== null)).toBe(true);
    await page.keyboard.press('Escape');
    expect(await announced(page)).toEqual({ name: 'Menu', expanded: false });
    expect(await toggleFocused(page)).toBe(true);
    await context.close();
  });

  it('closes when one of its links stays on this page (/#services), twice in a row', async () => {
    const { page, context } = await open(browser(), { viewport: PHONE, reducedMotion: 'reduce' });
    await page.goto('/', { waitUntil: 'networkidle' });
    for (const round of [1, 2]) {
      await page.locator(TOGGLE).click();
      await page.locator('.nav-mobile .dropdown > summary').click();
      await page.locator('.nav-mobile a[href="/#services"]').click();
      expect(await page.evaluate(() => document.querySelector<HTMLDetailsElement>('details.nav-mobile')!.open), `round ${round}`).toBe(
        false,
      );
      expect(await page.evaluate(() => location.hash)).toBe('#services');
      // The first time, the hash changes: focus moves to the section 100 ms later (client/runtime/scroll.ts). Let it land.
      if (round === 1) await page.waitForFunction(() => document.activeElement?.id === 'services');
    }
    // The page scrolls again: nothing holds it behind a menu that looks closed.
    expect(
      await page.evaluate(() => getComputedStyle(document.documentElement).overflow + getComputedStyle(document.body).overflow),
    ).not.toContain('hidden');
    await context.close();
  });

  it('closes with a tap outside it, on the dimmed page, which the tap does not reach', async () => {
    const { page, context } = await open(browser(), { viewport: PHONE, hasTouch: true });
    await page.goto(JOB, { waitUntil: 'networkidle' });
    await page.locator(TOGGLE).tap();
    // Below the menu, where the offer's Apply bar is.
    const [x, y] = [PHONE.width / 2, PHONE.height - 30];
    expect(await page.evaluate(([px, py]) => document.querySelector('main')!.contains(document.elementFromPoint(px!, py!)), [x, y])).toBe(
      false,
    );
    await page.touchscreen.tap(x, y);
    expect(await announced(page)).toEqual({ name: 'Menu', expanded: false });
    expect(await toggleFocused(page)).toBe(true);
    expect(new URL(page.url()).pathname).toBe(JOB);
    await context.close();
  });

  it('keeps the page where it was, not scrolling while open', async () => {
    const { page, context } = await open(browser(), { viewport: PHONE, reducedMotion: 'reduce' });
    await page.goto(JOB, { waitUntil: 'networkidle' });
    await page.evaluate(() => scrollTo({ top: 300, behavior: 'instant' }));
    await page.locator(TOGGLE).click();
    expect(await scrollY(page)).toBe(300);
    await page.mouse.move(PHONE.width / 2, PHONE.height - 100);
    await page.mouse.wheel(0, 400);
    await frames(page);
    expect(await scrollY(page)).toBe(300);

    await page.locator(TOGGLE).click();
    expect(await scrollY(page)).toBe(300);
    await page.mouse.wheel(0, 400);
    await frames(page);
    expect(await scrollY(page)).toBeGreaterThan(300);
    await context.close();
  });

  it('closes when Tab leaves it, so focus never lands on the dimmed page', async () => {
    const { page, context } = await open(browser(), { viewport: PHONE });
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.locator(TOGGLE).focus();
    await page.keyboard.press('Enter');
    await page.locator('.nav-mobile-panel a').last().focus();
    await page.keyboard.press('Tab');
    expect(await announced(page)).toEqual({ name: 'Menu', expanded: false });
    expect(await page.evaluate(() => document.querySelector('main')!.contains(document.activeElement))).toBe(true);
    await context.close();
  });

  it('gives way to the login menu and the language switch, which keep working', async () => {
    const { page, context } = await open(browser(), { viewport: PHONE });
    await page.goto('/team', { waitUntil: 'networkidle' });
    await page.locator(TOGGLE).click();
    await page.locator('.login-menu > summary').click();
    expect(await announced(page)).toEqual({ name: 'Menu', expanded: false });
    expect(await page.getByRole('link', { name: /Réseau alumni/ }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement === document.querySelector('.login-menu > summary'))).toBe(true);

    await page.locator(TOGGLE).click();
    await page.locator('.lang-switch a[hreflang="en"]').click();
    await page.waitForURL('**/en/team');
    expect(await page.locator(TOGGLE).innerText()).toBe('Menu');
    await context.close();
  });

  it('fits a 375 px screen, open or closed, without sideways scrolling', async () => {
    const { page, context } = await open(browser(), { viewport: { width: 375, height: 667 } });
    await page.goto('/');
    const overflow = () =>
      page.evaluate(() => {
        const bar = document.querySelector('.header-bar')!;
        return Math.max(bar.scrollWidth - bar.clientWidth, document.documentElement.scrollWidth - innerWidth);
      });
    expect(await overflow()).toBe(0);
    await page.locator(TOGGLE).click();
    expect(await overflow()).toBe(0);
    await context.close();
  });

  it('without JavaScript, still reads "Fermer" when open and closes with a tap on the dimmed page', async () => {
    const { page, context } = await open(browser(), { viewport: PHONE, javaScriptEnabled: false });
    await page.goto(JOB);
    const toggle = page.locator(TOGGLE);
    await toggle.click();
    expect(await toggle.innerText()).toBe('Fermer');
    expect(await page.locator('.nav-mobile').getAttribute('open')).not.toBeNull();
    await page.mouse.click(PHONE.width / 2, PHONE.height - 30);
    expect(await page.locator('.nav-mobile').getAttribute('open')).toBeNull();
    expect(await toggle.innerText()).toBe('Menu');
    await context.close();
  });
});
