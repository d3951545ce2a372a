import { describe, expect, it } from 'vitest';
import { estimate, PRICING } from '../../client/forms/pricing';

describe('translation estimate (worked examples)', () => {
  it('translation and proofreading: 1000 words into English and German = 2 × 180 = CHF 360', () => {
    expect(estimate({ service: 'translation_proofreading', words: 1000, targetLanguages: ['en', 'de'] })).toEqual({
      amount: 360, currency: 'CHF', perWord: 0.18, languages: 2, minimumApplied: false, onRequest: false,
    });
  });

  it('proofreading only: 2500 words, one language = 2500 × 0.07 = CHF 175', () => {
    expect(estimate({ service: 'proofreading', words: 2500, targetLanguages: ['fr'] }).amount).toBe(175);
  });

  it('applies the minimum per language: 100 words into Italian = CHF 60, not 18', () => {
    const e = estimate({ service: 'translation_proofreading', words: 100, targetLanguages: ['it'] });
    expect(e.amount).toBe(PRICING.minimumPerLanguage);
    expect(e.minimumApplied).toBe(true);
  });

  it('rounds to 5 centimes: 1234 words × 0.07 = 86.38 -> CHF 86.40', () => {
    expect(estimate({ service: 'proofreading', words: 1234, targetLanguages: ['en'] }).amount).toBe(86.4);
  });

  it('quotes "other" languages on request: only the named ones are priced', () => {
    const e = estimate({ service: 'translation_proofreading', words: 1000, targetLanguages: ['en', 'other'] });
    expect(e.amount).toBe(180);
    expect(e.languages).toBe(1);
    expect(e.onRequest).toBe(true);
    expect(estimate({ service: 'translation_proofreading', words: 1000, targetLanguages: ['other'] }).amount).toBe(0);
  });
});
