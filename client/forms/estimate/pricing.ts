import type { Pricing } from '#content/collections.ts';
import { FORMAT_LOCALES, formatMoney } from '../../format';
import type { Locale, Translate } from '../../i18n';
import { validate } from '../validate';
import { estimateRules, estimateSchema, type Language, type PricerService } from './schema';

/**
 * What `estimate` computes with: content/pricing.json (the only place prices
 * live) without its `sample` flag. The Worker reads it from the content; the
 * island gets it in its props, as the content is server-side only.
 */
export type Rates = Omit<Pricing, 'sample'>;

export interface Estimate {
  amount: number;
  currency: Rates['currency'];
  perWord: number;
  /** Priced target languages (those quoted on request are not). */
  languages: number;
  /** True when a minimum applied to at least one language. */
  minimumApplied: boolean;
  /** The minimum per language this estimate was made with: the e-mail, maybe sent later, quotes it. */
  minimumPerLanguage: number;
  /** True when a language quoted on request ('other') was chosen: it is quoted separately. */
  onRequest: boolean;
}

const roundTo = (value: number, step: number) => Math.round(value / step) * step;

/**
 * The same function computes the live estimate in the browser and the one
 * answered and e-mailed by the Worker.
 * @example estimate({ service: 'translation_proofreading', words: 1000, targetLanguages: ['en', 'de'] }, pricing)
 *   // with the sample rates: { amount: 360, perWord: 0.18, languages: 2, minimumApplied: false, minimumPerLanguage: 60, onRequest: false, currency: 'CHF' }
 */
export function estimate(
  { service, words, targetLanguages }: { service: PricerService; words: number; targetLanguages: Language[] },
  rates: Rates,
): Estimate {
  const perWord = rates.perWord[service];
  const priced = targetLanguages.filter((l) => !rates.quotedOnRequest.includes(l));
  const raw = Math.max(0, words) * perWord;
  const perLanguage = Math.max(raw, rates.minimumPerLanguage);
  const amount = priced.length === 0 ? 0 : Number(roundTo(perLanguage * priced.length, rates.rounding).toFixed(2));
  return {
    amount,
    currency: rates.currency,
    perWord,
    languages: priced.length,
    minimumApplied: priced.length > 0 && raw < rates.minimumPerLanguage,
    minimumPerLanguage: rates.minimumPerLanguage,
    onRequest: priced.length < targetLanguages.length,
  };
}

/**
 * The estimate the pricer shows as the visitor types, by the server's rules:
 * only for a request it would price (a service, a count, a source, targets
 * none of which is the source), `null` otherwise, so that no price shows for
 * a request that sending would refuse.
 * @example liveEstimate({ service: 'proofreading', words: "2'000", sourceLanguage: 'fr', targetLanguages: ['fr'] }, pricing) // null
 */
export function liveEstimate(values: Record<string, unknown>, rates: Rates): Estimate | null {
  const { service, words, sourceLanguage, targetLanguages } = estimateRules;
  const checked = validate({ service, words, sourceLanguage, targetLanguages }, values, estimateSchema.across);
  return checked.ok ? estimate(checked.data, rates) : null;
}

/**
 * The estimate as a visitor reads it: the amount, or `onRequest` (the
 * dictionary's "on request") when no language could be priced, only
 * languages quoted on request being chosen. Never "0.00 CHF".
 */
export function amountText(e: Estimate, onRequest: string): string {
  return e.languages > 0 ? formatMoney(e.amount) : onRequest;
}

/**
 * The note under an estimate that includes languages quoted on request,
 * naming them from the content's list (« Autre langue », “Another language”),
 * so it stays true when the association changes that list.
 */
export function onRequestNote(t: Translate, locale: Locale, languages: readonly Language[]): string {
  const names = languages.map((l) => t('forms.estimate.quotedName', { name: t(`forms.estimate.languages.${l}`) }));
  return t('forms.estimate.onRequest', { languages: new Intl.ListFormat(FORMAT_LOCALES[locale], { type: 'conjunction' }).format(names) });
}
