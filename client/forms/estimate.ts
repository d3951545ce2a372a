import { z } from 'zod';

/**
 * The translation price estimator (spec §3, §5), shared by the island and the
 * Worker. Messages are error codes (see `formMessages`).
 */
export const SERVICES = ['translation_proofreading', 'proofreading'] as const;
export const LANGUAGES = ['fr', 'en', 'de', 'it', 'other'] as const;
export const COMMENTS_MAX = 500;
export const WORDS_MAX = 1_000_000;
export type Service = (typeof SERVICES)[number];
export type Language = (typeof LANGUAGES)[number];

export const estimateSchema = z
  .object({
    service: z.enum(SERVICES, 'required'),
    words: z.union([z.number(), z.string()], 'words_not_positive').pipe(z.coerce.number('words_not_positive')).pipe(z.number().int('words_not_positive').positive('words_not_positive').max(WORDS_MAX, 'too_long')),
    sourceLanguage: z.enum(LANGUAGES, 'no_language'),
    targetLanguages: z.array(z.enum(LANGUAGES, 'no_language')).min(1, 'no_language').max(LANGUAGES.length * 2, 'duplicate_target'),
    email: z
      .string('false_email')
      .trim()
      .max(254, 'too_long')
      .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), 'false_email')
      .pipe(z.email('false_email')),
    comments: z.string('invalid').trim().max(COMMENTS_MAX, 'long_message').default(''),
  })
  .superRefine((v, ctx) => {
    if (new Set(v.targetLanguages).size !== v.targetLanguages.length) {
      ctx.addIssue({ code: 'custom', path: ['targetLanguages'], message: 'duplicate_target' });
    }
    // 'other' stands for any language we quote on request: it cannot clash with itself.
    if (v.sourceLanguage !== 'other' && v.targetLanguages.includes(v.sourceLanguage)) {
      ctx.addIssue({ code: 'custom', path: ['targetLanguages'], message: 'source_in_targets' });
    }
  });
export type EstimateInput = z.input<typeof estimateSchema>;
export type EstimateRequest = z.infer<typeof estimateSchema>;
export type EstimateField = keyof EstimateRequest;
