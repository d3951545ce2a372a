import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, open, PHONE, screenshot, hydrated } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('islands', () => {
  it('hydrate only when they come near the viewport; their server HTML is there before', async () => {
    const { page, context, problems } = await open(browser);
    await page.goto('/');
    const island = page.locator('[data-island="ContactForm"]');
    // Everything the page loads by itself has arrived: the island below the fold is still server HTML.
    await page.waitForLoadState('networkidle');
    expect(await island.getAttribute('data-hydrated')).toBeNull();
    expect(await page.locator('#contact-form').count()).toBe(1);
    await page.locator('#contact-form').evaluate((form) => form.scrollIntoView({ block: 'center', behavior: 'instant' }));
    await page.locator('[data-island="ContactForm"][data-hydrated="true"]').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('hydrate and react to typing and a click, with no console error', async () => {
    const { page, context, problems, scripts } = await open(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/tools/signature-generator');
    await hydrated(page, 'SignatureGenerator');

    // After hydration the preview follows the fields as the visitor types.
    await page.getByLabel('Prénom et nom').fill('Camille Test');
    await page.getByLabel('Fonction').fill('Responsable IT');
    const preview = page.getByTestId('signature-output');
    await expect.poll(() => preview.innerText()).toContain('Camille Test');
    await expect.poll(() => preview.innerText()).toContain('Responsable IT, Junior Entreprise EPFL');

    // The no-JS "update" button is gone; the copy button works.
    expect(await page.getByRole('button', { name: 'Mettre à jour l’aperçu' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Copier la signature' }).click();
    await expect.poll(() => page.locator('main').getByRole('status').innerText()).toBe('Signature copiée\u00a0! Collez-la dans les réglages de votre messagerie.');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('Camille Test');

    // Only the entry, the shared chunk and this island's chunk were loaded.
    expect(scripts.every((s) => s.includes('/assets/'))).toBe(true);
    expect(scripts.some((s) => /SignatureGenerator-/.test(s))).toBe(true);
    // Chromium parses the copied text/html under the page's CSP: the signature's style hashes allow it.
    expect(problems).toEqual([]);
    await screenshot(page, 'signature-generator-desktop-fr');
    await context.close();
  });

  it('work without JavaScript: the form posts back and the server renders the preview', async () => {
    const { page, context } = await open(browser, { javaScriptEnabled: false });
    await page.goto('/en/tools/signature-generator-phone');
    await page.getByLabel('First and last name').fill('Alex Sample');
    await page.getByRole('button', { name: 'Update the preview' }).click();
    await page.waitForURL(/name=Alex\+Sample/);
    expect(await page.getByTestId('signature-output').innerText()).toContain('Alex Sample');
    await context.close();
  });

  it('a page without islands loads no framework: only the runtime script', async () => {
    const { page, context, scripts, problems } = await open(browser);
    // Scripts start after the first paint (client/runtime/boot.ts): wait for the network to settle.
    await page.goto('/events', { waitUntil: 'networkidle' });
    await page.goto('/en/team', { waitUntil: 'networkidle' });
    await page.goto('/jobs', { waitUntil: 'networkidle' });
    expect(scripts.length).toBe(3);
    expect(scripts.every((s) => /\/assets\/runtime-[A-Z0-9]+\.js$/.test(s))).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the web font', () => {
  it('is fetched after the first paint, like every script, then swaps in, and is used at once on the next page', async () => {
    const { page, context, problems } = await open(browser, { viewport: PHONE });
    await page.goto('/');
    await page.waitForFunction(() => document.documentElement.classList.contains('webfont'));
    const timing = await page.evaluate(() => ({
      fonts: performance.getEntriesByType('resource').filter((e) => e.name.endsWith('.woff2')).map((e) => e.startTime),
      scripts: performance.getEntriesByType('resource').filter((e) => e.name.endsWith('.js')).map((e) => e.startTime),
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
    }));
    // Only the HTML and the stylesheet come before the first paint.
    expect(timing.fonts).toHaveLength(1);
    expect(timing.scripts.length).toBeGreaterThan(0);
    for (const start of [...timing.fonts, ...timing.scripts]) expect(start).toBeGreaterThanOrEqual(timing.firstPaint);
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"Inter Variable"/);
    expect(await page.evaluate(() => document.fonts.check('1em "Inter Variable"'))).toBe(true);

    await page.goto('/team', { waitUntil: 'domcontentloaded' });
    expect(await page.evaluate(() => document.documentElement.classList.contains('webfont'))).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('without JavaScript, text is set in the fallback and no font is fetched', async () => {
    const { page, context } = await open(browser, { javaScriptEnabled: false });
    let fonts = 0;
    page.on('request', (req) => {
      if (req.resourceType() === 'font') fonts++;
    });
    await page.goto('/', { waitUntil: 'load' });
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"Inter Fallback"/);
    expect(fonts).toBe(0);
    await context.close();
  });
});

describe('navigation', () => {
  it('the language switch goes from /team to /en/team and back', async () => {
    const { page, context } = await open(browser);
    await page.goto('/team');
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    await page.locator('.header-actions').getByRole('link', { name: 'English' }).click();
    await page.waitForURL('**/en/team');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Our team');
    await page.locator('.header-actions').getByRole('link', { name: 'Français' }).click();
    await page.waitForURL((url) => url.pathname === '/team');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Notre équipe');
    await context.close();
  });

  it('the login menu shows its two entries', async () => {
    const { page, context } = await open(browser);
    await page.goto('/');
    const menu = page.locator('.login-menu');
    const student = menu.getByRole('link', { name: /Plateforme de jobs étudiants/ });
    expect(await student.isVisible()).toBe(false);
    await menu.locator('summary').click();
    expect(await student.isVisible()).toBe(true);
    expect(await student.getAttribute('href')).toBe('https://jobs.jeepfl.ch/login');
    const alumni = menu.getByRole('link', { name: /Réseau alumni/ });
    expect(await alumni.isVisible()).toBe(true);
    expect(await alumni.getAttribute('href')).toBe('https://alumni.jeepfl.ch/login');
    await context.close();
  });

  it('menus close with Escape (focus back on their button), a click elsewhere, or another menu', async () => {
    const { page, context } = await open(browser);
    // The menus' script starts after the first paint (client/runtime/boot.ts): wait for it.
    await page.goto('/', { waitUntil: 'networkidle' });
    const login = page.locator('.login-menu');
    const services = page.locator('.nav-desktop details');
    await login.locator('summary').focus();
    await page.keyboard.press('Enter');
    expect(await login.getAttribute('open')).not.toBeNull();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    expect(await login.getAttribute('open')).toBeNull();
    expect(await page.evaluate(() => document.activeElement?.closest('.login-menu') !== null && document.activeElement?.tagName)).toBe('SUMMARY');

    await services.locator('summary').click();
    await login.locator('summary').click();
    expect(await login.getAttribute('open')).not.toBeNull();
    expect(await services.getAttribute('open')).toBeNull();
    await page.getByRole('heading', { level: 1 }).click();
    expect(await login.getAttribute('open')).toBeNull();
    await context.close();
  });

  it('the language switch and login menu work from the keyboard alone', async () => {
    const { page, context } = await open(browser);
    await page.goto('/team');
    await page.locator('.lang-switch a[hreflang="en"]').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/en/team');
    await page.locator('.login-menu > summary').focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLAnchorElement).href)).toBe('https://jobs.jeepfl.ch/login');
    await context.close();
  });

  it('the menus open from the keyboard, without JavaScript', async () => {
    const { page, context } = await open(browser, { javaScriptEnabled: false });
    await page.goto('/en');
    await page.locator('.nav-desktop summary').focus();
    await page.keyboard.press('Enter');
    const digital = page.locator('.nav-desktop').getByRole('link', { name: 'Digital' });
    expect(await digital.isVisible()).toBe(true);
    await digital.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/en/services/digital');
    await context.close();
  });

  it('on a phone, the Menu disclosure reveals the navigation, without JavaScript', async () => {
    const { page, context } = await open(browser, { viewport: PHONE, javaScriptEnabled: false });
    await page.goto('/');
    expect(await page.locator('.nav-desktop').isVisible()).toBe(false);
    const events = page.locator('.nav-mobile').getByRole('link', { name: 'Événements' });
    expect(await events.isVisible()).toBe(false);
    await page.locator('.nav-mobile > summary').click();
    expect(await events.isVisible()).toBe(true);
    await events.click();
    await page.waitForURL('**/events');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Événements');
    await context.close();
  });

  it('the 404 page’s links work', async () => {
    const { page, context } = await open(browser);
    const res = await page.goto('/does-not-exist');
    expect(res?.status()).toBe(404);
    expect(await page.getByRole('heading', { name: 'Pages populaires' }).isVisible()).toBe(true);
    for (const [name, path, heading] of [
      ['Jobs pour étudiants', '/jobs', 'Jobs étudiants'],
      ['Événements', '/events', 'Événements'],
      ['Contact', '/contact', 'Contact et demande de devis'],
    ] as const) {
      await page.goto('/does-not-exist');
      await page.locator('.popular-pages').getByRole('link', { name }).click();
      await page.waitForURL((url) => url.pathname === path);
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(heading);
    }
    await page.goto('/en/does-not-exist');
    await page.getByRole('link', { name: 'Back to the home page', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/en');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await context.close();
  });
});

describe('content pages', () => {
  it('the portfolio filters by field with plain links, without JavaScript', async () => {
    const { page, context } = await open(browser, { javaScriptEnabled: false });
    await page.goto('/en/portfolio');
    const cards = page.locator('#projects .card');
    const all = await cards.count();
    await page.getByRole('navigation', { name: 'Filter by field' }).getByRole('link', { name: 'Engineering' }).click();
    await page.waitForURL(/category=engineering/);
    const engineering = await cards.count();
    expect(engineering).toBeGreaterThan(0);
    expect(engineering).toBeLessThan(all);
    expect(await page.getByRole('link', { name: 'Engineering' }).first().getAttribute('aria-current')).toBe('page');
    await page.getByRole('link', { name: 'All projects' }).click();
    await page.waitForURL((url) => url.search === '');
    expect(await cards.count()).toBe(all);
    await context.close();
  });

  it('a job offer has Back, Apply and Download actions that work', async () => {
    const { page, context } = await open(browser);
    await page.goto('/jobs');
    await page.locator('#positions .card-link').first().click();
    await page.waitForURL(/\/jobs\/[a-z-]+$/);
    const actions = page.locator('.detail-actions');
    expect(await actions.getByRole('link', { name: 'Postuler', exact: true }).getAttribute('href')).toBe('https://jobs.jeepfl.ch/login');
    const byEmail = await actions.getByRole('link', { name: 'Postuler par e-mail' }).getAttribute('href');
    expect(byEmail).toMatch(/^mailto:contact@jeepfl\.ch\?subject=Candidature/);
    expect(decodeURIComponent(byEmail!.split('subject=')[1]!)).toContain(await page.getByRole('heading', { level: 1 }).innerText());
    const download = actions.getByRole('link', { name: /Télécharger l’offre/ });
    const pdf = await page.request.get((await download.getAttribute('href'))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    await actions.getByRole('link', { name: 'Retour aux offres' }).click();
    await page.waitForURL((url) => url.pathname === '/jobs');
    await context.close();
  });
});
