import type { Rates } from '../../client/forms/estimate/pricing';

/**
 * Fixed rates for the pricer's worked examples: the sample ones content/pricing.json
 * held when they were written. The association may change that file; these stay.
 */
export const rates: Rates = {
  currency: 'CHF',
  perWord: { translation_proofreading: 0.18, proofreading: 0.07 },
  minimumPerLanguage: 60,
  rounding: 0.05,
  quotedOnRequest: ['other'],
};
