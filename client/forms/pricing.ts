import { formatMoney } from '../format';
import type { Locale } from '../i18n';
import type { Language, Service } from './estimate';

/**
 * Translation rates: the only place prices live. The same function computes
 * the live estimate in the browser and the one e-mailed to the visitor.
 */
export const PRICING = {
  currency: 'CHF',
  /** CHF per source word, per target language. */
  perWord: { translation_proofreading: 0.18, proofreading: 0.07 } satisfies Record<Service, number>,
  /** Smallest amount charged for each target language. */
  minimumPerLanguage: 60,
  /** Amounts are rounded to the 5 centimes, as Swiss prices are. */
  rounding: 0.05,
} as const;

export interface Estimate {
  amount: number;
  currency: 'CHF';
  perWord: number;
  /** Priced target languages ('other' is quoted on request). */
  languages: number;
  /** True when a minimum applied to at least one language. */
  minimumApplied: boolean;
  /** True when 'other' was chosen: that language is quoted separately. */
  onRequest: boolean;
}

const roundTo = (value: number, step: number) => Math.round(value / step) * step;

/**
 * @example estimate({ service: 'translation_proofreading', words: 1000, targetLanguages: ['en', 'de'] })
 *   // { amount: 360, perWord: 0.18, languages: 2, minimumApplied: false, onRequest: false, currency: 'CHF' }
 */
export function estimate({ service, words, targetLanguages }: { service: Service; words: number; targetLanguages: Language[] }): Estimate {
  const perWord = PRICING.perWord[service];
  const priced = targetLanguages.filter((l) => l !== 'other');
  const raw = Math.max(0, words) * perWord;
  const perLanguage = Math.max(raw, PRICING.minimumPerLanguage);
  const amount = priced.length === 0 ? 0 : Number(roundTo(perLanguage * priced.length, PRICING.rounding).toFixed(2));
  return {
    amount,
    currency: PRICING.currency,
    perWord,
    languages: priced.length,
    minimumApplied: priced.length > 0 && raw < PRICING.minimumPerLanguage,
    onRequest: targetLanguages.includes('other'),
  };
}

/**
 * The estimate as a visitor reads it: the amount, or `onRequest` (the
 * dictionary's "on request") when no language could be priced, only
 * "another language" being chosen. Never "0.00 CHF".
 */
export function amountText(e: Estimate, locale: Locale, onRequest: string): string {
  return e.languages > 0 ? formatMoney(e.amount, locale) : onRequest;
}
