import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { open, PHONE, useBrowser } from './browser';

// The runtime's scrolling, reveal on scroll and page transitions.

const browser = useBrowser();

/** Where the element's top and the sticky header's bottom are, in viewport pixels. */
const positions = (page: Page, selector: string) =>
  page.evaluate(
    (sel) => ({
      top: document.querySelector(sel)!.getBoundingClientRect().top,
      header: document.querySelector('.site-header')!.getBoundingClientRect().bottom,
      scrollY,
    }),
    selector,
  );

/** Waits until smooth scrolling and the reveal's slide have settled. */
async function settled(page: Page, selector: string) {
  await page.waitForFunction(
    (sel) => {
      const el = document.querySelector(sel)!;
      const w = window as unknown as { lastTop?: number };
      const top = el.getBoundingClientRect().top;
      const still = w.lastTop === top && !el.classList.contains('reveal-pending') && getComputedStyle(el).opacity === '1';
      w.lastTop = top;
      return still;
    },
    selector,
    { polling: 100 },
  );
}

const opacity = (page: Page, selector: string) => page.locator(selector).evaluate((el) => getComputedStyle(el).opacity);

describe('anchors', () => {
  for (const [name, viewport] of [
    ['desktop', undefined],
    ['phone', PHONE],
  ] as const) {
    it(`/#contact lands below the sticky header and takes focus (${name})`, async () => {
      const { page, context } = await open(browser(), { viewport });
      await page.clock.install();
      await page.goto('/#contact', { waitUntil: 'networkidle' });
      await page.clock.runFor(150); // past the runtime's 100 ms scroll delay
      await settled(page, '#contact');
      const { top, header, scrollY } = await positions(page, '#contact');
      expect(scrollY).toBeGreaterThan(0);
      expect(top).toBeGreaterThanOrEqual(header);
      expect(top - header).toBeLessThan(40);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('contact');
      await context.close();
    });
  }

  it('a header link to a home section scrolls there without reloading or jumping to the top', async () => {
    const { page, context } = await open(browser());
    let loads = 0;
    page.on('load', () => loads++);
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.locator('.nav-desktop summary', { hasText: 'Services' }).click();
    await page.locator('.nav-desktop').getByRole('link', { name: 'Tous nos services' }).click();
    await page.waitForURL('**/#services');
    await settled(page, '#services');
    const services = await positions(page, '#services');
    expect(services.top).toBeGreaterThanOrEqual(services.header);
    expect(services.scrollY).toBeGreaterThan(0);
    await page.waitForFunction(() => document.activeElement?.id === 'services');

    // From the footer, further down the same page: still no reload.
    await page.locator('.site-footer').getByRole('link', { name: 'Nos partenaires' }).click();
    await page.waitForURL('**/#partners');
    await settled(page, '#partners');
    const partners = await positions(page, '#partners');
    expect(partners.top).toBeGreaterThanOrEqual(partners.header);
    expect(partners.scrollY).toBeGreaterThan(services.scrollY);
    expect(loads).toBe(1);
    await context.close();
  });

  it('a link to another page starts it at the top, even from far down', async () => {
    const { page, context } = await open(browser());
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.locator('.site-footer').getByRole('link', { name: 'Équipe' }).click();
    await page.waitForURL('**/team');
    expect(await page.evaluate(() => scrollY)).toBe(0);
    await context.close();
  });

  it('the English footer links to the English home sections', async () => {
    const { page, context } = await open(browser(), { javaScriptEnabled: false });
    await page.goto('/en/team');
    expect(await page.locator('.site-footer').getByRole('link', { name: 'How a project works' }).getAttribute('href')).toBe('/en#process');
    expect(await page.locator('.site-footer').getByRole('link', { name: 'Our partners' }).getAttribute('href')).toBe('/en#partners');
    await context.close();
  });
});

describe('reveal on scroll', () => {
  it('hides a section below the fold until it is scrolled to, and never one on screen', async () => {
    const { page, context } = await open(browser());
    await page.goto('/');
    expect(await page.locator('#partners').getAttribute('class')).toContain('reveal-pending');
    expect(await opacity(page, '#partners')).toBe('0');
    // The first screen is never hidden.
    expect(
      await page.locator('.reveal-pending').evaluateAll((els) => els.filter((el) => el.getBoundingClientRect().top < innerHeight).length),
    ).toBe(0);
    await page.locator('#partners h2').scrollIntoViewIfNeeded();
    await settled(page, '#partners');
    expect(await opacity(page, '#partners')).toBe('1');
    await context.close();
  });

  for (const [name, options] of [
    ['without JavaScript', { javaScriptEnabled: false }],
    ['with reduced motion', { reducedMotion: 'reduce' }],
  ] as const) {
    it(`shows every section at once ${name}`, async () => {
      const { page, context } = await open(browser(), options);
      await page.goto('/', { waitUntil: 'networkidle' });
      expect(await page.locator('.reveal-pending').count()).toBe(0);
      expect(await opacity(page, '#partners')).toBe('1');
      await context.close();
    });
  }
});

describe('page transitions', () => {
  /** Records whether the page arrived with a view transition (the `pagereveal` event's). */
  async function transitioned(reducedMotion: 'reduce' | 'no-preference') {
    const { page, context } = await open(browser(), { reducedMotion });
    await page.addInitScript(() => {
      addEventListener('pagereveal', (e) => {
        (window as unknown as { vt: boolean }).vt = Boolean((e as Event & { viewTransition: unknown }).viewTransition);
      });
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    expect(await page.locator('.site-header').evaluate((el) => getComputedStyle(el).viewTransitionName)).toBe('site-header');
    await page.locator('.nav-desktop').getByRole('link', { name: 'Équipe' }).click();
    await page.waitForURL('**/team');
    const vt = await page.evaluate(() => (window as unknown as { vt?: boolean }).vt);
    await context.close();
    return vt;
  }

  it('cross-fades between pages of the site, the header kept still', async () => {
    expect(await transitioned('no-preference')).toBe(true);
  });

  it('does not animate under reduced motion', async () => {
    expect(await transitioned('reduce')).toBe(false);
  });
});
