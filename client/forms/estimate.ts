import * as z from 'zod/mini';
import { emailAddress, freeText, wholeNumber } from './fields';

/**
 * The translation price estimator (spec §3, §5), shared by the island and the
 * Worker. Messages are error codes (see `errorMessage`).
 */
export const SERVICES = ['translation_proofreading', 'proofreading'] as const;
export const LANGUAGES = ['fr', 'en', 'de', 'it', 'other'] as const;
export const COMMENTS_MAX = 500;
/** About 2,000 pages: larger jobs are quoted by hand. */
export const WORDS_MAX = 1_000_000;
export type Service = (typeof SERVICES)[number];
export type Language = (typeof LANGUAGES)[number];

/** One checkbox sends a string, several an array. */
const languageList = z.pipe(
  z.transform((v: unknown) => (v === undefined || v === '' ? [] : Array.isArray(v) ? v : [v])),
  z.array(z.enum(LANGUAGES, 'no_language')).check(z.minLength(1, 'no_language'), z.maxLength(LANGUAGES.length, 'duplicate_target')),
);

export const estimateFields = {
  service: z.enum(SERVICES, 'required'),
  words: wholeNumber(WORDS_MAX),
  sourceLanguage: z.enum(LANGUAGES, 'no_language'),
  targetLanguages: languageList,
  email: emailAddress(),
  comments: z._default(freeText(COMMENTS_MAX), ''),
};

/** Spec §5: targets distinct, and none equal to the source ('other' stands for any language, so it never clashes). */
export function checkLanguages(v: { sourceLanguage: Language; targetLanguages: Language[] }, ctx: z.core.$RefinementCtx) {
  if (new Set(v.targetLanguages).size !== v.targetLanguages.length) {
    ctx.addIssue({ code: 'custom', path: ['targetLanguages'], message: 'duplicate_target' });
  }
  if (v.sourceLanguage !== 'other' && v.targetLanguages.includes(v.sourceLanguage)) {
    ctx.addIssue({ code: 'custom', path: ['targetLanguages'], message: 'source_in_targets' });
  }
}

export const estimateSchema = z.object(estimateFields).check(z.superRefine(checkLanguages));
export type EstimateInput = z.input<typeof estimateSchema>;
export type EstimateRequest = z.infer<typeof estimateSchema>;
export type EstimateField = keyof EstimateRequest;
