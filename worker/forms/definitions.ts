import * as z from 'zod/mini';
import { contactFields } from '#client/forms/contact.ts';
import { checkLanguages, estimateFields } from '#client/forms/estimate.ts';
import { CAPTCHA_FIELD, HONEYPOT_FIELD } from '#client/forms/fields.ts';
import type { FormKind } from '#client/forms/state.ts';
import { isLocale, type Locale } from '#client/i18n.ts';
import type { RouteId } from '#client/routes.ts';

/**
 * What the server reads besides the visitor's fields: the Turnstile token
 * (missing, it is reported with the other fields' errors), the honeypot, and
 * where the post came from. The last three never fail validation.
 */
const requestFields = {
  [CAPTCHA_FIELD]: z.string('no_captcha').check(z.trim(), z.minLength(1, 'no_captcha'), z.maxLength(2048, 'bad_captcha')),
  [HONEYPOT_FIELD]: z.pipe(z.optional(z.unknown()), z.transform((v: unknown) => (typeof v === 'string' ? v : ''))),
  locale: z.pipe(z.optional(z.unknown()), z.transform((v: unknown): Locale => (isLocale(v) ? v : 'fr'))),
  page: z.pipe(z.optional(z.unknown()), z.transform((v: unknown) => (typeof v === 'string' ? v : ''))),
};

export interface FormDefinition {
  kind: FormKind;
  path: string;
  /** The shared schema's fields plus the request fields. */
  schema: z.core.$ZodType<Record<string, unknown> & { locale: Locale; page: string; [HONEYPOT_FIELD]: string; [CAPTCHA_FIELD]: string }>;
  /** The visitor's fields: only these are stored and mailed. */
  fields: readonly string[];
  /** Pages that show the form; a no-JS post comes back to the one it was sent from (the first by default). */
  pages: readonly [RouteId, ...RouteId[]];
  /** The page data key holding the form's state. */
  stateKey: 'contactForm' | 'estimateForm';
}

export const FORMS: readonly FormDefinition[] = [
  {
    kind: 'contact',
    path: '/api/contact',
    schema: z.object({ ...contactFields, ...requestFields }),
    fields: Object.keys(contactFields),
    pages: ['contact', 'home'],
    stateKey: 'contactForm',
  },
  {
    kind: 'estimate',
    path: '/api/translation-estimate',
    schema: z.object({ ...estimateFields, ...requestFields }).check(z.superRefine(checkLanguages)),
    fields: Object.keys(estimateFields),
    pages: ['translation'],
    stateKey: 'estimateForm',
  },
];
