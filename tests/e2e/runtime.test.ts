import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { open, PHONE, SCREENSHOTS, useBrowser } from './browser';

// The browser runtime (client/runtime/): new builds and chunk-load errors.
// Timers run on Playwright's clock: nothing here waits for real.

const browser = useBrowser();

/** `/_build.json` answers another build id, as after a deploy. */
async function deployed(page: Page) {
  await page.route('**/_build.json', (route) => route.fulfill({ json: { id: 'a-newer-build', builtAt: '2026-11-23T12:00:00.000Z' } }));
}

/** Counts the page's loads (the first one included). */
function loads(page: Page) {
  const count = { n: 0 };
  page.on('load', () => count.n++);
  return count;
}

describe('a new build', () => {
  it('shows the notice in the page language after the hourly check, without taking focus, and can be dismissed', async () => {
    const { page, context } = await open(browser());
    await page.clock.install();
    await page.goto('/team', { waitUntil: 'networkidle' });
    await page.clock.fastForward(2000); // the first check, 1 s after load: still the same build
    await deployed(page);
    await page.clock.fastForward('59:00');
    expect(await page.locator('#build-notice').innerText()).toBe('');
    await page.clock.fastForward('02:00');
    const notice = page.locator('#build-notice');
    await notice.getByText('Une nouvelle version du site est disponible').waitFor();
    expect(await notice.getAttribute('aria-live')).toBe('polite');
    expect(await notice.getAttribute('role')).toBe('status');
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOTS, 'fr-desktop-build-notice.png') });
    await notice.getByRole('button', { name: 'Plus tard' }).click();
    expect(await notice.innerText()).toBe('');
    await context.close();
  });

  it('offers to reload, in English under /en', async () => {
    const { page, context } = await open(browser(), { viewport: PHONE });
    await page.clock.install();
    await deployed(page);
    const count = loads(page);
    await page.goto('/en/events', { waitUntil: 'networkidle' });
    await page.clock.fastForward('01:00:00');
    await page.locator('#build-notice').getByText('A new version of the site is available').waitFor();
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOTS, 'en-phone-build-notice.png') });
    await page.locator('#build-notice').getByRole('button', { name: 'Reload' }).click();
    await page.waitForLoadState('load');
    await expect.poll(() => count.n).toBe(2);
    await context.close();
  });

  it('waits while the visitor is in a form, and shows once they leave it', async () => {
    const { page, context } = await open(browser());
    await page.clock.install();
    await page.goto('/contact', { waitUntil: 'networkidle' });
    await page.clock.fastForward(2000);
    await deployed(page);
    await page.getByLabel(/Prénom/).fill('Camille');
    await page.clock.fastForward('01:00:00');
    await page.getByLabel(/^Nom/).focus(); // from one field to the next: still in the form
    await page.clock.runFor(100);
    expect(await page.locator('#build-notice').innerText()).toBe('');
    await page.locator('h1').click();
    await page.locator('#build-notice').getByText('Une nouvelle version du site est disponible').waitFor();
    expect(await page.getByLabel(/Prénom/).inputValue()).toBe('Camille');
    await context.close();
  });

  it('checks once about 1 s after load, so a page older than the site says so at once', async () => {
    const { page, context } = await open(browser());
    await page.clock.install();
    await deployed(page);
    await page.goto('/events', { waitUntil: 'networkidle' });
    await page.clock.fastForward(1500);
    await page.locator('#build-notice').getByText('Une nouvelle version du site est disponible').waitFor();
    await context.close();
  });

  it('skips that first check on a slow-2g connection', async () => {
    const { page, context } = await open(browser());
    await page.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { effectiveType: 'slow-2g' } }));
    await page.clock.install();
    await deployed(page);
    const checks: string[] = [];
    page.on('request', (req) => req.url().endsWith('/_build.json') && checks.push(req.url()));
    await page.goto('/events', { waitUntil: 'networkidle' });
    await page.clock.fastForward('30:00');
    expect(checks).toEqual([]);
    expect(await page.locator('#build-notice').innerText()).toBe('');
    await context.close();
  });

  it('reloads the office screen (/tools/tv) within a minute', async () => {
    const { page, context } = await open(browser(), { viewport: { width: 1920, height: 1080 } });
    await page.clock.install();
    await deployed(page);
    const count = loads(page);
    await page.goto('/tools/tv', { waitUntil: 'networkidle' });
    await page.clock.fastForward('01:01');
    await expect.poll(() => count.n).toBe(2);
    await context.close();
  });
});

describe('a chunk that fails to load', () => {
  it('reloads the page once, and then the island hydrates', async () => {
    const { page, context } = await open(browser());
    const count = loads(page);
    // Fails for the first document only (its preload and its import), as when a deploy removed it. Counted
    // by navigation requests, which start before the reloaded page asks for anything (its load event may
    // come after it has already asked for the chunk).
    let documents = 0;
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents++;
    });
    await page.route(/\/assets\/ContactForm-[A-Z0-9]+\.js$/, (route) => (documents < 2 ? route.abort() : route.continue()));
    await page.goto('/contact');
    await page.locator('[data-island="ContactForm"][data-hydrated="true"]').waitFor();
    await expect.poll(() => count.n).toBe(2);
    expect(documents).toBe(2);
    await context.close();
  });

  it('reloads only once within 10 s, then leaves the server-rendered form in place', async () => {
    const { page, context } = await open(browser());
    await page.route(/\/assets\/ContactForm-[A-Z0-9]+\.js$/, (route) => route.abort());
    const count = loads(page);
    await page.goto('/contact');
    await page.locator('[data-island="ContactForm"][data-hydrated="failed"]').waitFor();
    await expect.poll(() => count.n).toBe(2);
    await page.waitForLoadState('networkidle');
    expect(count.n).toBe(2);
    expect(await page.locator('#contact-form').count()).toBe(1);
    await context.close();
  });
});

describe('prefetch (Speculation Rules)', () => {
  it('fetches a page link when the visitor hovers it, never a tool, a short link or the language switch', async () => {
    const { page, context, problems } = await open(browser());
    const prefetched: string[] = [];
    page.on('request', (req) => {
      if (/prefetch/.test(req.headers()['sec-purpose'] ?? '')) prefetched.push(new URL(req.url()).pathname);
    });
    // /jobs links to a tool (/tools/recruit) beside its pages.
    await page.goto('/jobs', { waitUntil: 'networkidle' });
    await page.locator('.nav-desktop').getByRole('link', { name: 'Équipe' }).hover();
    await expect.poll(() => prefetched).toContain('/team');
    // A press (moderate eagerness prefetches on pointerdown at once) released off the link: no visit, no waiting.
    const press = async (link: Locator) => {
      await link.hover();
      await page.mouse.down();
      await page.mouse.move(1, 1);
      await page.mouse.up();
    };
    const refused: string[] = [];
    for (const link of await page.locator('a[href^="/"]').all()) {
      const to = await link.getAttribute('href');
      if (to && /^\/(?:en\/)?(?:tools|api|linkedin|instagram)|\.pdf$/.test(to) && (await link.isVisible())) {
        refused.push(to);
        await press(link);
      }
    }
    expect(refused.length, 'links to tools, short links or PDFs on /jobs').toBeGreaterThan(0);
    // The switch to English: viewing a page stores its language, and a prefetch is not the visitor's choice.
    await press(page.locator('.site-header .lang-switch a[hreflang="en"]').first());
    // Prefetches follow the presses in order: once a later allowed link is fetched, any refused one would have been too.
    await press(page.locator('.nav-desktop').getByRole('link', { name: 'Événements' }));
    await expect.poll(() => prefetched).toContain('/events');
    expect(prefetched.filter((p) => /tools|api|linkedin|instagram|\.pdf$/.test(p))).toEqual([]);
    expect(prefetched).not.toContain('/en/jobs');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('prefetches nothing for a visitor on data saver', async () => {
    const { page, context } = await open(browser());
    // Chromium sets Save-Data itself (only with its data saver on): add it on the way out.
    await page.route('**/*', (route) => route.continue({ headers: { ...route.request().headers(), 'save-data': 'on' } }));
    const prefetched: string[] = [];
    page.on('request', (req) => {
      if (/prefetch/.test(req.headers()['sec-purpose'] ?? '')) prefetched.push(req.url());
    });
    const res = await page.goto('/linktree', { waitUntil: 'networkidle' });
    expect(res!.headers()['speculation-rules']).toBeUndefined();
    expect(await page.locator('script[type="speculationrules"]').count()).toBe(0);
    // A press on a link prefetches at once where rules exist (moderate eagerness): here the visit itself is the first request.
    await page.locator('.nav-desktop').getByRole('link', { name: 'Équipe' }).hover();
    await page.locator('.nav-desktop').getByRole('link', { name: 'Équipe' }).click();
    await page.waitForURL((url) => url.pathname === '/team');
    expect(prefetched).toEqual([]);
    await context.close();
  });
});
