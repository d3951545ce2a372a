import { PRICER_LANGUAGES, PRICER_SERVICES } from '#content/ids.ts';
import { formatNumber } from '../../format';
import type { FormSchema } from '../define';
import { emailAddress, freeText, oneOf, orDefault, type Rule, wholeNumber } from '../fields';
import type { FieldError } from '../validate';

/**
 * The translation price estimator, shared by the island and the Worker.
 * Messages are error codes (see `errorMessage`).
 */
export const COMMENTS_MAX = 500;
/** About 2,000 pages: larger jobs are quoted by hand. */
export const WORDS_MAX = 1_000_000;
export type PricerService = (typeof PRICER_SERVICES)[number];
export type Language = (typeof PRICER_LANGUAGES)[number];

const language = oneOf(PRICER_LANGUAGES, 'no_language');

/** One checkbox sends a string, several an array. */
const languageList: Rule<Language[]> = (input) => {
  const list: unknown[] = input === undefined || input === '' ? [] : Array.isArray(input) ? input : [input];
  const clean: Language[] = [];
  for (const item of list) {
    const result = language(item);
    if (!result.ok) return result;
    clean.push(result.value);
  }
  if (clean.length === 0) return { ok: false, code: 'no_language' };
  return clean.length > PRICER_LANGUAGES.length ? { ok: false, code: 'duplicate_target' } : { ok: true, value: clean };
};

export const estimateRules = {
  service: oneOf(PRICER_SERVICES, 'required'),
  words: wholeNumber(WORDS_MAX),
  sourceLanguage: language,
  targetLanguages: languageList,
  email: emailAddress(),
  comments: orDefault(freeText(COMMENTS_MAX), ''),
};

/**
 * True while a count is still being typed: an empty field, or one that a
 * further digit makes a count (`2'` on the way to `2'000`). Its error waits
 * for blur or sending then; anything else (`abc`, `0`, `12.5`, too many) is
 * wrong whatever comes next, and the pricer says so at once.
 * @example countUnfinished("2'") // true
 * @example countUnfinished('abc') // false
 */
export function countUnfinished(text: string): boolean {
  return text.trim() === '' || (!estimateRules.words(text).ok && estimateRules.words(`${text}0`).ok);
}

/** Targets distinct, and none equal to the source ('other' stands for any language, so it never clashes). */
function checkLanguages(input: Record<string, unknown>): FieldError[] {
  const source = language(input.sourceLanguage);
  const targets = languageList(input.targetLanguages);
  if (!source.ok || !targets.ok) return [];
  if (new Set(targets.value).size !== targets.value.length) return [{ field: 'targetLanguages', code: 'duplicate_target' }];
  if (source.value !== 'other' && targets.value.includes(source.value)) return [{ field: 'targetLanguages', code: 'source_in_targets' }];
  return [];
}

/** The pricer as its island and the server both know it. */
export const estimateSchema = {
  name: 'estimate',
  endpoint: '/api/translation-estimate',
  rules: estimateRules,
  across: checkLanguages,
  texts: {
    failureTitle: 'forms.errors.estimateTitle',
    success: 'forms.success.estimateText',
    errors: {
      // The e-mail is where the estimate goes: the pricer says so.
      false_email: 'forms.errors.estimateEmail',
      // A count of words, in the pricer's words; past its limit, the contact form.
      not_a_count: 'forms.errors.words_format',
      not_positive: 'forms.errors.words_not_positive',
      too_many: { key: 'forms.errors.words_too_many', values: { max: formatNumber(WORDS_MAX) } },
    },
  },
} as const satisfies FormSchema;
