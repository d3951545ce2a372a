import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import fr from '../../locales/fr.json';
import { baseURL, hydrated, open, PHONE, SITE_URL, useBrowser } from './browser';

// The two e-mail signature generators (/tools/signature-generator and
// /tools/signature-generator-phone): same fields, same signature, one copy button.

const browser = useBrowser();

const cases = [
  {
    locale: 'fr',
    prefix: '',
    messages: fr.pages.signature,
    logoAlt: fr.site.logoAlt,
    fields: { name: 'Camille Martin', role: 'Cheffe de projet', phone: '+41 79 000 00 00', email: 'camille.martin@example.org' },
    text: 'Camille Martin\nCheffe de projet, Junior Entreprise EPFL\n+41 79 000 00 00\ncamille.martin@example.org\nJE EPFL, EPFL, 1015 Lausanne\nhttps://jeepfl.ch',
  },
  {
    locale: 'en',
    prefix: '/en',
    messages: en.pages.signature,
    logoAlt: en.site.logoAlt,
    fields: { name: 'Alex Martin', role: 'Project manager', phone: '+41 79 000 00 00', email: 'alex.martin@example.org' },
    text: 'Alex Martin\nProject manager, Junior Entreprise EPFL\n+41 79 000 00 00\nalex.martin@example.org\nJE EPFL, EPFL, 1015 Lausanne\nhttps://jeepfl.ch',
  },
] as const;

async function fill(page: Page, messages: (typeof cases)[number]['messages'], fields: (typeof cases)[number]['fields']) {
  await page.getByLabel(messages.name, { exact: true }).fill(fields.name);
  await page.getByLabel(messages.role, { exact: true }).fill(fields.role);
  await page.getByLabel(messages.phone, { exact: true }).fill(fields.phone);
  await page.getByLabel(messages.email, { exact: true }).fill(fields.email);
}

async function clipboard(page: Page) {
  return page.evaluate(async () => {
    const [item] = await navigator.clipboard.read();
    return {
      types: [...item!.types].sort(),
      html: await (await item!.getType('text/html')).text(),
      text: await navigator.clipboard.readText(),
    };
  });
}

describe('the signature generators', () => {
  for (const { locale, prefix, messages, logoAlt, fields, text } of cases) {
    it(`build and copy the same signature on the desktop and the phone page (${locale})`, async () => {
      const copies: string[] = [];
      for (const [path, viewport] of [
        ['/tools/signature-generator', undefined],
        ['/tools/signature-generator-phone', PHONE],
      ] as const) {
        const watched = await open(browser(), { viewport, locale: locale === 'fr' ? 'fr-CH' : 'en-US', siteUrlHere: true });
        const { page, context } = watched;
        await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() });
        await page.goto(`${prefix}${path}`);
        await hydrated(page, 'SignatureGenerator');
        await fill(page, messages, fields);

        // One button; it says in the page's language that it worked.
        const status = page.locator('main').getByRole('status');
        expect(await status.innerText()).toBe('');
        await page.getByRole('button', { name: messages.copy }).click();
        await expect.poll(() => status.innerText()).toBe(messages.copied);

        // Rich HTML and plain text together; the HTML styled inline, with no class for a mail client to drop.
        const copied = await clipboard(page);
        expect(copied.types).toEqual(['text/html', 'text/plain']);
        expect(copied.text).toBe(text);
        expect(copied.html).toContain(`<strong style="font-size:16px;line-height:22px;color:#0b3d91">${fields.name}</strong>`);
        expect(copied.html).toContain('<a href="tel:+41790000000"');
        expect(copied.html).toMatch(/<a href="https:\/\/jeepfl\.ch\/?" style="[^"]+">jeepfl\.ch<\/a>/);
        expect(copied.html).not.toContain('class=');
        // The logo, from the site's own address (mail clients load it there), sized, with its text for blocked images.
        expect(copied.html).toMatch(/<img src="https:\/\/jeepfl\.ch\/images\/email\/logo\.png" width="64" height="64" alt="[^"]+"/);
        // The preview is that very markup, styled as copied: the CSP lets exactly these styles through.
        const preview = page.getByTestId('signature-output');
        // (Chromium's clipboard writes the site's URL with its trailing slash.)
        expect(copied.html.replace('href="https://jeepfl.ch/"', 'href="https://jeepfl.ch"')).toContain(await preview.innerHTML());
        expect(await preview.locator('strong').evaluate((el) => getComputedStyle(el).color)).toBe('rgb(11, 61, 145)');
        expect(
          await preview
            .locator('td')
            .last()
            .evaluate((el) => getComputedStyle(el).borderLeftColor),
        ).toBe('rgb(255, 180, 0)');
        const logo = preview.getByRole('img', { name: logoAlt, exact: true });
        expect(await logo.getAttribute('src')).toBe(`${SITE_URL}/images/email/logo.png`);
        await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(192);
        expect((await logo.boundingBox())?.width).toBe(64);
        copies.push(copied.text);

        if (path.endsWith('-phone')) {
          // Phone mail apps often take only text: the page shows it too, ready to select.
          expect(await page.getByLabel(messages.plainText, { exact: true }).inputValue()).toBe(text);
          // One column that fits 390 px: nothing scrolls sideways.
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
        } else {
          expect(await page.getByLabel(messages.plainText, { exact: true }).count()).toBe(0);
        }
        expect(watched.problems).toEqual([]);
        await context.close();
      }
      expect(copies).toEqual([text, text]);
    });
  }

  it('update the preview as the visitor types, and leave an emptied field out', async () => {
    const watched = await open(browser(), { locale: 'fr-CH', siteUrlHere: true });
    const { page, context } = watched;
    await page.goto('/tools/signature-generator-phone');
    await hydrated(page, 'SignatureGenerator');
    const preview = page.getByTestId('signature-output');
    // The signature's text, beside its logo.
    const lines = preview.locator('td').last();
    const textForm = page.getByLabel(fr.pages.signature.plainText, { exact: true });
    expect(await lines.innerText()).toBe('Junior Entreprise EPFL\nJE EPFL, EPFL, 1015 Lausanne\njeepfl.ch');

    await page.getByLabel('Prénom et nom').pressSequentially('Camille');
    expect(await lines.innerText()).toBe('Camille\nJunior Entreprise EPFL\nJE EPFL, EPFL, 1015 Lausanne\njeepfl.ch');
    await page.getByLabel('Fonction').fill('Trésorière');
    expect(await lines.innerText()).toBe('Camille\nTrésorière, Junior Entreprise EPFL\nJE EPFL, EPFL, 1015 Lausanne\njeepfl.ch');
    expect(await textForm.inputValue()).toBe(
      'Camille\nTrésorière, Junior Entreprise EPFL\nJE EPFL, EPFL, 1015 Lausanne\nhttps://jeepfl.ch',
    );

    await page.getByLabel('Fonction').fill('');
    expect(await textForm.inputValue()).toBe('Camille\nJunior Entreprise EPFL\nJE EPFL, EPFL, 1015 Lausanne\nhttps://jeepfl.ch');
    // What the visitor types is shown as text, never as markup.
    await page.getByLabel('Prénom et nom').fill('<b>Camille</b>');
    expect(await preview.locator('b').count()).toBe(0);
    expect(await lines.innerText()).toContain('<b>Camille</b>');
    expect(watched.problems).toEqual([]);
    await context.close();
  });

  it('write a phone number in the Swiss form, link it in E.164, and say when a number cannot be linked', async () => {
    const watched = await open(browser(), { viewport: PHONE, locale: 'fr-CH', siteUrlHere: true });
    const { page, context } = watched;
    await page.goto('/tools/signature-generator-phone');
    await hydrated(page, 'SignatureGenerator');
    const phone = page.getByLabel(fr.pages.signature.phone, { exact: true });
    const preview = page.getByTestId('signature-output');
    const textForm = page.getByLabel(fr.pages.signature.plainText, { exact: true });
    for (const [typed, shown, tel] of [
      ['079 123 45 67', '+41 79 123 45 67', 'tel:+41791234567'],
      ['0791234567', '+41 79 123 45 67', 'tel:+41791234567'],
      ['+41 79 123 45 67', '+41 79 123 45 67', 'tel:+41791234567'],
      ['0041791234567', '+41 79 123 45 67', 'tel:+41791234567'],
      ['+33 6 12 34 56 78', '+33 6 12 34 56 78', 'tel:+33612345678'],
    ]) {
      await phone.fill(typed!);
      expect(await preview.getByRole('link', { name: shown, exact: true }).getAttribute('href'), typed).toBe(tel);
      expect((await textForm.inputValue()).split('\n'), typed).toContain(shown);
    }

    // Nothing is said while a number is being typed, digit by digit; once the field is left, the visitor learns it will not be a link.
    const warning = page.locator('.signature-warning');
    await phone.fill('');
    await phone.pressSequentially('079 123');
    expect(await warning.innerText()).toBe('');
    await phone.press('Tab');
    await expect.poll(() => warning.innerText()).toBe(fr.pages.signature.phoneNotCallable);
    expect(await phone.getAttribute('aria-describedby')).toBe(await warning.getAttribute('id'));
    expect(await preview.getByRole('link', { name: '079 123' }).count()).toBe(0);
    expect(await preview.innerText()).toContain('\n079 123\n');
    // Corrected, the number is a link again and the warning goes.
    await phone.fill('079 123 45 67');
    expect(await warning.innerText()).toBe('');
    expect(await phone.getAttribute('aria-describedby')).toBeNull();
    expect(await preview.getByRole('link', { name: '+41 79 123 45 67', exact: true }).count()).toBe(1);
    expect(watched.problems).toEqual([]);
    await context.close();
  });

  it('never break “e-mail” in the title at the end of a line, at any width', async () => {
    const { page, context } = await open(browser(), { viewport: PHONE, locale: 'fr-CH', siteUrlHere: true });
    const broken: string[] = [];
    for (const path of ['/tools/signature-generator', '/tools/signature-generator-phone']) {
      await page.goto(path);
      for (let width = 300; width <= 1000; width += 10) {
        await page.setViewportSize({ width, height: 800 });
        // The lines the word's letters sit on.
        const lines = await page.locator('h1').evaluate((h1) => {
          const walker = document.createTreeWalker(h1, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const at = node.textContent!.indexOf('e-mail');
            if (at < 0) continue;
            const range = document.createRange();
            range.setStart(node, at);
            range.setEnd(node, at + 'e-mail'.length);
            return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
          }
          return 0;
        });
        if (lines !== 1) broken.push(`${path} at ${width}px: ${lines} lines`);
      }
    }
    expect(broken).toEqual([]);
    await context.close();
  });

  it('copy plain text when the browser refuses the rich copy, and say so when nothing can be copied', async () => {
    for (const [refuse, expected] of [
      ['write', en.pages.signature.copied],
      ['both', en.pages.signature.copyFailed],
    ] as const) {
      const { page, context } = await open(browser(), { locale: 'en-US', siteUrlHere: true });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() });
      const written: string[] = [];
      await page.exposeFunction('recordText', (value: string) => written.push(value));
      await page.addInitScript((mode) => {
        const clipboard = navigator.clipboard;
        clipboard.write = () => Promise.reject(new DOMException('refused', 'NotAllowedError'));
        clipboard.writeText = (value: string) =>
          mode === 'both'
            ? Promise.reject(new DOMException('refused', 'NotAllowedError'))
            : (window as unknown as { recordText: (v: string) => Promise<void> }).recordText(value);
      }, refuse);
      await page.goto('/en/tools/signature-generator');
      await hydrated(page, 'SignatureGenerator');
      await page.getByLabel('First and last name', { exact: true }).fill('Alex Martin');
      await page.getByRole('button', { name: 'Copy the signature' }).click();
      await expect.poll(() => page.locator('main').getByRole('status').innerText()).toBe(expected);
      expect(written).toEqual(
        refuse === 'write' ? ['Alex Martin\nJunior Entreprise EPFL\nJE EPFL, EPFL, 1015 Lausanne\nhttps://jeepfl.ch'] : [],
      );
      await context.close();
    }
  });

  it('work without JavaScript: the server renders the same preview from the query string', async () => {
    const { page, context } = await open(browser(), { javaScriptEnabled: false, locale: 'en-US', siteUrlHere: true });
    const query = new URLSearchParams(cases[1].fields).toString();
    await page.goto(`/en/tools/signature-generator-phone?${query}`);
    expect(await page.getByTestId('signature-output').locator('td').last().innerText()).toBe(
      'Alex Martin\nProject manager, Junior Entreprise EPFL\n+41 79 000 00 00\nalex.martin@example.org\nJE EPFL, EPFL, 1015 Lausanne\njeepfl.ch',
    );
    expect(await page.getByLabel('Text version', { exact: true }).inputValue()).toBe(cases[1].text);
    // No copy button that could not work; the form's own button updates the preview.
    expect(await page.getByRole('button', { name: 'Copy the signature' }).count()).toBe(0);
    await page.getByLabel('Role', { exact: true }).fill('Treasurer');
    await page.getByRole('button', { name: 'Update the preview' }).click();
    await page.waitForURL(/role=Treasurer/);
    expect(await page.getByTestId('signature-output').locator('td').last().innerText()).toContain('Treasurer, Junior Entreprise EPFL');
    // A number that cannot be linked: said without JavaScript too.
    expect(await page.locator('.signature-warning').innerText()).toBe('');
    await page.getByLabel('Phone', { exact: true }).fill('079 123');
    await page.getByRole('button', { name: 'Update the preview' }).click();
    await page.waitForURL(/phone=079/);
    expect(await page.locator('.signature-warning').innerText()).toBe(en.pages.signature.phoneNotCallable);
    await context.close();
  });
});
