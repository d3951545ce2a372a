import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { WORDS_MAX } from '../../client/forms/estimate/schema';
import en from '../../locales/en.json';
import fr from '../../locales/fr.json';
import { hydrated, open, spaces, useBrowser } from './browser';

const browser = useBrowser();

// How numbers are written is not this file's concern: a price is there or not, and a count's
// thousands separators (1'000'000, 1 000 000) are left out when messages are compared.
const PRICE = /\d\.\d\d\s?CHF|CHF\s?\d/;
const ungrouped = (s: string) => s.replace(/(\d)[\s'’](?=\d)/g, '$1');

const VISITS = [
  { locale: 'fr' as const, path: '/services/translation', messages: fr, browserLocale: 'fr-CH' },
  { locale: 'en' as const, path: '/en/services/translation', messages: en, browserLocale: 'en-GB' },
];

async function pricer(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page, 'EstimateForm');
  return page.locator('#estimate-form');
}

/** The words field's own error line, the one its aria-describedby names. */
async function wordsError(words: Locator) {
  const id = (await words.getAttribute('id'))!;
  return words.page().locator(`[id="${id}-error"]`);
}

describe('the pricer explains itself as the visitor types', () => {
  for (const { locale, path, messages: m, browserLocale } of VISITS) {
    it(`says at once what is wrong with the count, and prices nothing until it is right (${locale})`, async () => {
      const { page, context, problems } = await open(browser(), { locale: browserLocale });
      const form = await pricer(page, path);
      const live = form.locator('.estimate-live');
      const words = form.getByLabel(m.forms.estimate.words, { exact: true });
      const error = await wordsError(words);
      await form.getByLabel(m.forms.estimate.source, { exact: true }).selectOption('de');
      await form.getByRole('checkbox', { name: m.forms.estimate.languages.it }).check();

      const tooMany = m.forms.errors.words_too_many.replace('{{max}}', String(WORDS_MAX));
      for (const [typed, message] of [
        ['abc', m.forms.errors.words_format],
        ['0', m.forms.errors.words_not_positive],
        [String(WORDS_MAX + 1), tooMany],
      ] as const) {
        await words.fill('');
        await words.pressSequentially(typed);
        // Shown while the field still has the focus: no blur, no sending.
        await expect.poll(async () => ungrouped(await error.innerText())).toBe(ungrouped(message));
        expect(await words.evaluate((el) => el === document.activeElement)).toBe(true);
        expect(await words.getAttribute('aria-invalid')).toBe('true');
        expect((await words.getAttribute('aria-describedby'))?.split(' ')).toContain(await error.getAttribute('id'));
        expect(await live.locator('.estimate-amount').count()).toBe(0);
        expect(await live.innerText()).toContain(m.forms.estimate.liveEmpty);
        expect(await live.innerText()).not.toMatch(PRICE);
      }

      // Right again: the error goes as it is typed, and the estimate comes.
      await words.fill('');
      await words.pressSequentially("1'200");
      await expect.poll(async () => spaces(await live.innerText())).toMatch(PRICE);
      expect(await error.innerText()).toBe('');
      expect(await words.getAttribute('aria-invalid')).toBeNull();
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it('never offers the source language as a target, and says why', async () => {
    const { page, context } = await open(browser());
    const form = await pricer(page, '/services/translation');
    const target = (name: string) => form.getByRole('checkbox', { name });
    const source = form.getByLabel(fr.forms.estimate.source, { exact: true });
    const french = `${fr.forms.estimate.languages.fr} ${fr.forms.estimate.isSource}`;

    await source.selectOption('fr');
    await expect.poll(() => target(french).isDisabled()).toBe(true);
    expect(await target(fr.forms.estimate.languages.de).isDisabled()).toBe(false);

    // Another source: French is offered again, and German no longer.
    await source.selectOption('de');
    await expect.poll(() => target(fr.forms.estimate.languages.fr).isDisabled()).toBe(false);
    expect(await target(`${fr.forms.estimate.languages.de} ${fr.forms.estimate.isSource}`).isDisabled()).toBe(true);
    await target(fr.forms.estimate.languages.fr).check();
    expect(await target(fr.forms.estimate.languages.fr).isChecked()).toBe(true);

    // "Another language" stands for any: as the source, it takes no target away.
    await source.selectOption('other');
    await expect.poll(() => form.locator('input[name="targetLanguages"]:disabled').count()).toBe(0);
    await context.close();
  });

  it('a target that becomes the source: the spec’s message at once, no price, until it is unticked', async () => {
    const { page, context } = await open(browser(), { locale: 'en-GB' });
    const form = await pricer(page, '/en/services/translation');
    const live = form.locator('.estimate-live');
    const target = (name: string) => form.getByRole('checkbox', { name });
    const french = `${en.forms.estimate.languages.fr} ${en.forms.estimate.isSource}`;
    const conflict = form.getByText(en.forms.errors.source_in_targets, { exact: true });
    await form.getByLabel(en.forms.estimate.words, { exact: true }).fill('1000');
    await target(en.forms.estimate.languages.fr).check();
    await target(en.forms.estimate.languages.en).check();
    await form.getByLabel(en.forms.estimate.source, { exact: true }).selectOption('de');
    await expect.poll(async () => spaces(await live.innerText())).toMatch(PRICE);

    await form.getByLabel(en.forms.estimate.source, { exact: true }).selectOption('fr');
    await conflict.waitFor();
    // Beside the targets, in a live region, and describing the box to untick.
    expect(await conflict.getAttribute('aria-live')).toBe('polite');
    expect(await target(french).getAttribute('aria-describedby')).toBe(await conflict.getAttribute('id'));
    expect(await target(french).isChecked()).toBe(true);
    expect(await target(french).isEnabled()).toBe(true);
    expect(await live.locator('.estimate-amount').count()).toBe(0);
    expect(await live.innerText()).not.toMatch(PRICE);

    await target(french).uncheck();
    await expect.poll(() => conflict.count()).toBe(0);
    expect(await target(french).isDisabled()).toBe(true);
    await expect.poll(async () => spaces(await live.innerText())).toMatch(PRICE);
    await context.close();
  });
});
