import { describe, expect, it } from 'vitest';
import { open, PHONE, screenshot, useBrowser } from './browser';

const browser = useBrowser();

/** Pages in a PDF made by Chromium: one `/Type /Page` object each (`/Pages` is the tree). */
const pdfPages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? []).length;

describe('/tools/recruit', () => {
  it.each([
    ['fr', '/tools/recruit', 'Code QR pour postuler au comité\u00a0: ', '/jobs#join', ['septembre', 'février']],
    ['en', '/en/tools/recruit', 'QR code to apply to the committee: ', '/en/jobs#join', ['September', 'February']],
  ] as const)(
    'shows the QR code of the committee application and both sessions on a phone (%s)',
    async (locale, path, label, apply, months) => {
      const { page, context, problems } = await open(browser(), { viewport: PHONE, locale: locale === 'fr' ? 'fr-CH' : 'en-GB' });
      await page.goto(path);
      const url = `https://jeepfl.ch${apply}`;
      const qr = page.getByRole('img', { name: `${label}${url}` });
      await expect.poll(() => qr.isVisible()).toBe(true);
      const box = (await qr.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(200); // scannable from another phone too
      expect(box.width).toBe(box.height);
      expect(await page.locator('.recruit-url').innerText()).toBe(url.replace('https://', ''));
      expect(await page.locator('.recruit-url a').getAttribute('href')).toBe(url);

      const sessions = await page.locator('.recruit-session').innerText();
      for (const month of months) expect(sessions).toContain(month);
      // The next session is one of the two, with its year.
      expect(await page.locator('.recruit-session time').getAttribute('datetime')).toMatch(/^20\d\d-(02|09)$/);

      // Nothing wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
      expect(problems).toEqual([]);
      await screenshot(page, `recruit-phone-${locale}`);
      await context.close();
    },
  );

  it.each([
    ['fr', '/tools/recruit'],
    ['en', '/en/tools/recruit'],
  ] as const)('prints as one A4 page with the QR code large and the links written out (%s)', async (locale, path) => {
    const { page, context } = await open(browser(), {
      viewport: { width: 794, height: 1123 },
      locale: locale === 'fr' ? 'fr-CH' : 'en-GB',
    });
    await page.goto(path);
    await page.emulateMedia({ media: 'print' });
    // The poster's call to action is text, not a button; the jobs address is printed.
    expect(await page.locator('.recruit-apply .button').isVisible()).toBe(false);
    expect(await page.locator('.recruit-print-target').innerText()).toBe(locale === 'fr' ? ' (jeepfl.ch/jobs)' : ' (jeepfl.ch/en/jobs)');
    // 72 mm at 96 px per inch.
    const qr = (await page.locator('.recruit-qr svg').boundingBox())!;
    expect(Math.round(qr.width)).toBe(Math.round((72 / 25.4) * 96));
    await screenshot(page, `recruit-print-${locale}`);
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    expect(pdfPages(pdf)).toBe(1);
    await context.close();
  });
});
