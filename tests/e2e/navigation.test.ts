import { describe, expect, it } from 'vitest';
import { open, PHONE, useBrowser } from './browser';

const browser = useBrowser();

describe('navigation', () => {
  it('the language switch goes from /team to /en/team and back', async () => {
    const { page, context } = await open(browser());
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
    const { page, context } = await open(browser());
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
    const { page, context } = await open(browser());
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
    expect(await page.evaluate(() => document.activeElement?.closest('.login-menu') !== null && document.activeElement?.tagName)).toBe(
      'SUMMARY',
    );

    await services.locator('summary').click();
    await login.locator('summary').click();
    expect(await login.getAttribute('open')).not.toBeNull();
    expect(await services.getAttribute('open')).toBeNull();
    await page.getByRole('heading', { level: 1 }).click();
    expect(await login.getAttribute('open')).toBeNull();
    await context.close();
  });

  it('the language switch and login menu work from the keyboard alone', async () => {
    const { page, context } = await open(browser());
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
    const { page, context } = await open(browser(), { javaScriptEnabled: false });
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
    const { page, context } = await open(browser(), { viewport: PHONE, javaScriptEnabled: false });
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
    const { page, context } = await open(browser());
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
    const { page, context } = await open(browser(), { javaScriptEnabled: false });
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
    const { page, context } = await open(browser());
    await page.goto('/jobs');
    await page.locator('#positions .card-link').first().click();
    await page.waitForURL(/\/jobs\/[a-z-]+$/);
    const offer = page.locator('main');
    expect(await offer.getByRole('link', { name: 'Postuler', exact: true }).getAttribute('href')).toBe('https://jobs.jeepfl.ch/login');
    const byEmail = await offer.getByRole('link', { name: 'Postuler par e-mail' }).getAttribute('href');
    expect(byEmail).toMatch(/^mailto:contact@jeepfl\.ch\?subject=Candidature/);
    expect(decodeURIComponent(byEmail!.split('subject=')[1]!)).toContain(await page.getByRole('heading', { level: 1 }).innerText());
    const download = offer.getByRole('link', { name: 'L’offre complète (PDF)' });
    const pdf = await page.request.get((await download.getAttribute('href'))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    await offer.getByRole('link', { name: 'Retour aux offres' }).click();
    await page.waitForURL((url) => url.pathname === '/jobs');
    await context.close();
  });
});
