import { describe, expect, it } from 'vitest';
import { amountText, estimate, onRequestNote, type Rates } from '../../client/forms/estimate/pricing';
import { createTranslator } from '../../client/i18n';
import { pricing } from '../../content/index.ts';
import { rates } from './rates';

// The arithmetic, on fixed rates (./rates.ts).

describe('translation estimate (worked examples)', () => {
  it('translation and proofreading: 1000 words into English and German = 2 × 180 = CHF 360', () => {
    expect(estimate({ service: 'translation_proofreading', words: 1000, targetLanguages: ['en', 'de'] }, rates)).toEqual({
      amount: 360,
      currency: 'CHF',
      perWord: 0.18,
      languages: 2,
      minimumApplied: false,
      minimumPerLanguage: 60,
      onRequest: false,
    });
  });

  it('proofreading only: 2500 words, one language = 2500 × 0.07 = CHF 175', () => {
    expect(estimate({ service: 'proofreading', words: 2500, targetLanguages: ['fr'] }, rates).amount).toBe(175);
  });

  it('applies the minimum per language: 100 words into Italian = CHF 60, not 18', () => {
    const e = estimate({ service: 'translation_proofreading', words: 100, targetLanguages: ['it'] }, rates);
    expect(e.amount).toBe(rates.minimumPerLanguage);
    expect(e.minimumApplied).toBe(true);
  });

  it('rounds to 5 centimes: 1234 words × 0.07 = 86.38 -> CHF 86.40', () => {
    expect(estimate({ service: 'proofreading', words: 1234, targetLanguages: ['en'] }, rates).amount).toBe(86.4);
  });

  it('quotes "other" languages on request: only the named ones are priced', () => {
    const e = estimate({ service: 'translation_proofreading', words: 1000, targetLanguages: ['en', 'other'] }, rates);
    expect(e.amount).toBe(180);
    expect(e.languages).toBe(1);
    expect(e.onRequest).toBe(true);
    const none = estimate({ service: 'translation_proofreading', words: 1000, targetLanguages: ['other'] }, rates);
    expect(none.amount).toBe(0);
    expect(amountText(none, 'on request')).toBe('on request');
  });
});

describe('the rates come from the content, never from the code', () => {
  it('computes with whatever rates it is given: per word, minimum, rounding, languages quoted on request', () => {
    const other: Rates = {
      currency: 'CHF',
      perWord: { translation_proofreading: 0.2, proofreading: 0.1 },
      minimumPerLanguage: 0,
      rounding: 1,
      quotedOnRequest: ['other', 'it'],
    };
    // 1234 × 0.2 = 246.8 -> CHF 247 for English; Italian is quoted by hand.
    expect(estimate({ service: 'translation_proofreading', words: 1234, targetLanguages: ['en', 'it'] }, other)).toEqual({
      amount: 247,
      currency: 'CHF',
      perWord: 0.2,
      languages: 1,
      minimumApplied: false,
      minimumPerLanguage: 0,
      onRequest: true,
    });
    // No minimum: 10 words × 0.1 = CHF 1.
    expect(estimate({ service: 'proofreading', words: 10, targetLanguages: ['de'] }, other)).toMatchObject({
      amount: 1,
      minimumApplied: false,
    });
  });

  it('the built content holds rates for every service the pricer offers', () => {
    expect(pricing.currency).toBe('CHF');
    for (const rate of Object.values(pricing.perWord)) expect(rate).toBeGreaterThan(0);
    const e = estimate({ service: 'proofreading', words: 1000, targetLanguages: ['en'] }, pricing);
    expect(e.perWord).toBe(pricing.perWord.proofreading);
  });
});

describe('the note for languages quoted on request names them, whatever the content lists', () => {
  it.each([
    ['fr', ['other'], 'Devis séparé pour «\u00a0Autre langue\u00a0».'],
    ['en', ['other'], 'Quoted separately: “Another language”.'],
    ['fr', ['it', 'other'], 'Devis séparé pour «\u00a0Italien\u00a0» et «\u00a0Autre langue\u00a0».'],
    ['en', ['it', 'other'], 'Quoted separately: “Italian” and “Another language”.'],
  ] as const)('%s %j', (locale, languages, note) => {
    expect(onRequestNote(createTranslator(locale), locale, languages)).toBe(note);
  });
});
