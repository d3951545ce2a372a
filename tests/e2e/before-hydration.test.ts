import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { mails, open, runSeconds, useBrowser, usePassingUpstreams } from './browser';

// What a visitor does in an island before React has taken it over (a busy phone,
// a slow network): each test holds the island's chunk back until the visitor
// has acted, then lets it through.
const browser = useBrowser();
usePassingUpstreams();

/** Holds back the island's own chunk (its preload and its import) until `release()`. */
async function holdChunk(page: Page, island: string) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(`/assets/${island}-[^/]*\\.js$`), async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The island's chunk is asked for, and React not there yet. */
const loading = (page: Page, island: string) =>
  page.locator(`[data-island="${island}"][data-hydrated="pending"]`).waitFor({ state: 'attached' });

/** Every document the page starts loading from now on: a redirect home is one. */
function navigations(page: Page) {
  const seen: string[] = [];
  page.on('request', (req) => {
    if (req.isNavigationRequest() && req.frame() === page.mainFrame()) seen.push(req.url());
  });
  return seen;
}

describe('before an island hydrates', () => {
  it('"Rester sur cette page", tapped before, holds once it has: the countdown never sends the visitor home', async () => {
    const { page, context, problems } = await open(browser());
    const release = await holdChunk(page, 'ContactForm');
    // The page's timers run on Playwright's clock, at real speed until runFor below.
    await page.clock.install();
    await page.goto('/contact?sent=contact#contact-form');
    const success = page.locator('#contact-form .form-success');
    await page.getByRole('button', { name: 'Rester sur cette page' }).click();
    await loading(page, 'ContactForm');
    const left = navigations(page);

    release();
    await page.locator('[data-island="ContactForm"][data-hydrated="true"]').waitFor({ state: 'attached' });
    // Well past the countdown's 10 s.
    await runSeconds(page, 15_000);
    expect(left).toEqual([]);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/contact?sent=contact');
    // The chosen state: no countdown, no "stay" button, the way home still there.
    expect(await success.locator('.countdown').count()).toBe(0);
    expect(await success.getByRole('button', { name: 'Rester sur cette page' }).count()).toBe(0);
    expect(await success.getByRole('link', { name: 'Retourner à la page d’accueil' }).isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a form sent before is sent once, by the island, once it has hydrated and the anti-robot check has passed', async () => {
    const { page, context, problems } = await open(browser());
    const before = (await mails()).length;
    const release = await holdChunk(page, 'ContactForm');
    const posts: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/contact') posts.push(req.headers()['content-type'] ?? '');
    });
    await page.goto('/contact');
    const form = page.locator('#contact-form');
    // The server's form, filled and sent while the island's chunk is still on its way.
    await form.getByLabel('Prénom', { exact: true }).fill('Camille');
    await form.getByLabel('Nom', { exact: true }).fill('Test');
    await form.getByLabel('E-mail').fill('camille@example.org');
    await form.getByLabel('Comment nous avez-vous connus ?').selectOption('events');
    await form.getByLabel('Votre message').fill('Nous aimerions refaire notre site vitrine.');
    await loading(page, 'ContactForm');
    await form.getByRole('button', { name: 'Envoyer' }).click();
    await form.getByRole('button', { name: 'Envoyer' }).click(); // an impatient second tap
    expect(await page.locator('[data-island="ContactForm"]').getAttribute('data-hydrated')).toBe('pending');
    expect(posts).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/contact');

    release();
    await form.locator('.form-success').getByText('Merci d’avoir validé le formulaire\u00a0!').waitFor({ timeout: 10_000 });
    await expect.poll(async () => (await mails()).length).toBe(before + 2);
    await page.waitForLoadState('networkidle');
    expect(posts).toEqual(['application/json']);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a form sent before its island could load goes out once as without JavaScript, and the page is not reloaded', async () => {
    const { page, context, problems } = await open(browser());
    const before = (await mails()).length;
    // The chunk fails on the contact page only (a deploy removed it, the network dropped it).
    let fail = () => {};
    const failing = new Promise<void>((resolve) => (fail = resolve));
    await page.route(/\/assets\/ContactForm-[^/]*\.js$/, async (route) => {
      if (new URL(route.request().frame().url()).pathname !== '/contact') return route.continue();
      await failing;
      await route.abort('connectionreset');
    });
    const posts: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/contact') posts.push(req.headers()['content-type'] ?? '');
    });
    const left = navigations(page);
    await page.goto('/contact');
    const form = page.locator('#contact-form');
    await form.getByLabel('Prénom', { exact: true }).fill('Camille');
    await form.getByLabel('Nom', { exact: true }).fill('Test');
    await form.getByLabel('E-mail').fill('camille@example.org');
    await form.getByLabel('Comment nous avez-vous connus ?').selectOption('events');
    await form.getByLabel('Votre message').fill('Nous aimerions refaire notre site vitrine.');
    await loading(page, 'ContactForm');
    await form.getByRole('button', { name: 'Envoyer' }).click();
    expect(posts).toEqual([]);

    fail();
    await page.waitForURL('**/api/contact');
    // The server's answer to a post without the anti-robot check, with what was typed and the e-mail instead.
    expect(await form.getByRole('alert').innerText()).toBe('Veuillez compléter la vérification anti-robot.');
    expect(await form.getByLabel('Prénom', { exact: true }).inputValue()).toBe('Camille');
    await page.locator('[data-island="ContactForm"][data-hydrated="true"]').waitFor({ state: 'attached' });
    expect(posts).toEqual(['application/x-www-form-urlencoded']);
    // The post was the only way out of /contact: boot.ts did not reload it first.
    expect(left.map((url) => new URL(url).pathname)).toEqual(['/contact', '/api/contact']);
    expect((await mails()).length).toBe(before);
    // Only the failed chunk and the refused post are reported: no script was refused by the CSP.
    expect(problems.filter((p) => /Content Security Policy|Refused/i.test(p))).toEqual([]);
    await context.close();
  });
});
