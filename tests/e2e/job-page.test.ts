import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, open, PHONE, useBrowser } from './browser';

// A job offer's page: one Apply action in the key-facts box, which on a phone
// stays at the bottom of the screen while the offer is read.

const browser = useBrowser();

const OFFERS = [
  {
    locale: 'fr-CH',
    path: '/jobs/developpeur-web-site-vitrine',
    apply: 'Postuler',
    byEmail: 'Postuler par e-mail',
    back: 'Retour aux offres',
    jobs: '/jobs#positions',
  },
  {
    locale: 'en-GB',
    path: '/en/jobs/developpeur-web-site-vitrine',
    apply: 'Apply',
    byEmail: 'Apply by email',
    back: 'Back to job offers',
    jobs: '/en/jobs#positions',
  },
] as const;

/** Whether the element is on screen, whole, and the topmost thing at its centre: what a visitor can see and tap. */
const inSight = (target: Locator) =>
  target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return r.top >= 0 && r.bottom <= innerHeight && r.height > 0 && hit !== null && el.contains(hit);
  });

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/** Scrolls (instantly) so the middle of the offer is in the middle of the screen. */
const scrollToMiddleOfOffer = (page: Page) =>
  page.evaluate(() => {
    const offer = document.querySelector('main article')!.getBoundingClientRect();
    scrollTo({ top: window.scrollY + offer.top + offer.height / 2 - innerHeight / 2, behavior: 'instant' });
  });

describe('a job offer', () => {
  for (const offer of OFFERS) {
    it(`has one Apply, one e-mail alternative, one PDF and one Back, Apply in the first screen of a phone and still there halfway down (${offer.locale})`, async () => {
      const { page, context } = await open(browser(), { viewport: PHONE, locale: offer.locale, reducedMotion: 'reduce' });
      await page.goto(offer.path);
      const main = page.locator('main');
      const apply = main.getByRole('link', { name: offer.apply, exact: true });
      expect(await apply.count()).toBe(1);
      expect(await apply.getAttribute('href')).toBe('https://jobs.jeepfl.ch/login');
      expect(await main.locator('a[href^="mailto:"]').count()).toBe(1);
      expect(await main.getByRole('link', { name: offer.byEmail }).count()).toBe(1);
      expect(await main.locator('a[href$=".pdf"]').count()).toBe(1);
      expect(await page.getByRole('link', { name: offer.back }).count()).toBe(1);
      expect(await main.locator(`a[href="${offer.jobs}"]`).count()).toBe(1);

      expect(await scrollY(page)).toBe(0);
      expect(await inSight(apply)).toBe(true);

      await scrollToMiddleOfOffer(page);
      expect(await inSight(page.getByRole('heading', { level: 1 }))).toBe(false);
      expect(await inSight(apply)).toBe(true);
      // Held at the bottom of the screen, where a thumb reaches it.
      const { y, height } = (await apply.boundingBox())!;
      expect(PHONE.height - (y + height)).toBeLessThan(48);
      expect(await inSight(main.getByRole('link', { name: offer.byEmail }))).toBe(true);
      await context.close();
    });
  }

  it('on a phone, the Apply bar comes to rest after the offer and never covers the footer', async () => {
    const { page, context } = await open(browser(), { viewport: PHONE, reducedMotion: 'reduce' });
    await page.goto(OFFERS[0].path);
    await page.evaluate(() => scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
    const apply = page.locator('main').getByRole('link', { name: 'Postuler', exact: true });
    const pdf = page.locator('main a[href$=".pdf"]');
    const [applyBox, pdfBox, footerBox] = await Promise.all([apply.boundingBox(), pdf.boundingBox(), page.locator('footer').boundingBox()]);
    expect(applyBox!.y).toBeGreaterThan(pdfBox!.y + pdfBox!.height);
    expect(applyBox!.y + applyBox!.height).toBeLessThanOrEqual(footerBox!.y);
    await context.close();
  });

  it.each([PHONE, { width: 320, height: 640 }])(
    'on a %o phone, Tab goes Back, Apply, e-mail, PDF without jumping, and nothing focused hides under the bar',
    async (viewport) => {
      const { page, context } = await open(browser(), { viewport, reducedMotion: 'reduce' });
      await page.goto(OFFERS[0].path);
      const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim());
      await page.getByRole('link', { name: 'Retour aux offres' }).focus();
      await page.keyboard.press('Tab');
      expect(await focused()).toBe('Postuler');
      expect(await scrollY(page)).toBe(0);
      await page.keyboard.press('Tab');
      expect(await focused()).toBe('Postuler par e-mail');
      expect(await scrollY(page)).toBe(0);
      await page.keyboard.press('Tab');
      expect(await focused()).toBe('L’offre complète (PDF)');
      expect(await inSight(page.locator('main a[href$=".pdf"]'))).toBe(true);
      await context.close();
    },
  );

  it('on a desktop, Apply sits in the key-facts box, above the description', async () => {
    const { page, context } = await open(browser(), { viewport: DESKTOP, reducedMotion: 'reduce' });
    await page.goto(OFFERS[0].path);
    const apply = page.locator('main').getByRole('link', { name: 'Postuler', exact: true });
    expect(await inSight(apply)).toBe(true);
    const facts = await page.locator('main dl').boundingBox();
    const applyBox = await apply.boundingBox();
    const description = await page.locator('main .prose').boundingBox();
    expect(applyBox!.y).toBeGreaterThan(facts!.y + facts!.height);
    expect(applyBox!.y + applyBox!.height).toBeLessThan(description!.y);
    await context.close();
  });
});
