import { describe, expect, it } from 'vitest';
import { hydrated, open, PHONE, screenshot, useBrowser } from './browser';

const browser = useBrowser();

describe('islands', () => {
  it('hydrate only when they come near the viewport; their server HTML is there before', async () => {
    const { page, context, problems } = await open(browser());
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

  it('keep what a visitor typed, ticked and chose before React took over (a slow phone)', async () => {
    const { page, context, problems } = await open(browser(), { viewport: PHONE });
    // The estimator's chunk is held back until the visitor has filled the server's form.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/EstimateForm-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/services/translation');
    const island = page.locator('[data-island="EstimateForm"]');
    await island.evaluate((node) => (node.firstElementChild ?? node).scrollIntoView({ block: 'center', behavior: 'instant' }));
    const form = page.locator('form:has([name="words"])');
    await form.locator('[name="words"]').fill('1000');
    await form.locator('[name="sourceLanguage"]').selectOption('it');
    await form.locator('[name="targetLanguages"][value="de"]').check();
    await form.locator('[name="comments"]').fill('Un texte technique');
    expect(await island.getAttribute('data-hydrated')).toBe('pending');

    release();
    await page.locator('[data-island="EstimateForm"][data-hydrated="true"]').waitFor({ state: 'attached' });
    expect(await form.locator('[name="words"]').inputValue()).toBe('1000');
    expect(await form.locator('[name="sourceLanguage"]').inputValue()).toBe('it');
    expect(await form.locator('[name="targetLanguages"][value="de"]').isChecked()).toBe(true);
    expect(await form.locator('[name="comments"]').inputValue()).toBe('Un texte technique');
    // The island's state has it too: the live estimate is computed from it (1000 words × CHF 0.18).
    await expect.poll(async () => (await form.locator('.estimate-live').innerText()).replace(/\s+/g, ' ')).toContain('180.00 CHF');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('hydrate and react to typing and a click, with no console error', async () => {
    const { page, context, problems, scripts } = await open(browser(), { siteUrlHere: true });
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
    await expect
      .poll(() => page.locator('main').getByRole('status').innerText())
      .toBe('Signature copiée\u00a0! Collez-la dans les réglages de votre messagerie.');
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
    const { page, context } = await open(browser(), { javaScriptEnabled: false, siteUrlHere: true });
    await page.goto('/en/tools/signature-generator-phone');
    await page.getByLabel('First and last name').fill('Alex Sample');
    await page.getByRole('button', { name: 'Update the preview' }).click();
    await page.waitForURL(/name=Alex\+Sample/);
    expect(await page.getByTestId('signature-output').innerText()).toContain('Alex Sample');
    await context.close();
  });

  it('a page without islands loads no framework: only the runtime script', async () => {
    const { page, context, scripts, problems } = await open(browser());
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
    const { page, context, problems } = await open(browser(), { viewport: PHONE });
    await page.goto('/');
    await page.waitForFunction(() => document.documentElement.classList.contains('webfont'));
    const timing = await page.evaluate(() => ({
      fonts: performance
        .getEntriesByType('resource')
        .filter((e) => e.name.endsWith('.woff2'))
        .map((e) => e.startTime),
      scripts: performance
        .getEntriesByType('resource')
        .filter((e) => e.name.endsWith('.js'))
        .map((e) => e.startTime),
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
    const { page, context } = await open(browser(), { javaScriptEnabled: false });
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
