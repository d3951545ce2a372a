import * as z from 'zod/mini';
import { contactRules } from '#client/forms/contact.ts';
import { checkLanguages, estimateRules } from '#client/forms/estimate.ts';
import { CAPTCHA_FIELD, HONEYPOT_FIELD, type Rule } from '#client/forms/fields.ts';
import type { FormKind } from '#client/forms/state.ts';
import type { FieldError } from '#client/forms/validate.ts';
import { isLocale, type Locale } from '#client/i18n.ts';
import type { PageId } from '#client/routes.ts';
import { lazy } from '../lib/lazy';

/**
 * What the server reads besides the visitor's fields: the Turnstile token
 * (missing, it is reported with the other fields' errors), the honeypot, and
 * where the post came from. The last three never fail validation.
 */
const requestFields = () => ({
  [CAPTCHA_FIELD]: z.string('no_captcha').check(z.trim(), z.minLength(1, 'no_captcha'), z.maxLength(2048, 'bad_captcha')),
  /** Kept as posted: anything but absent or '' (a list, a number, null, a file…) is a bot (pipeline.ts). */
  [HONEYPOT_FIELD]: z.optional(z.unknown()),
  locale: z.pipe(
    z.optional(z.unknown()),
    z.transform((v: unknown): Locale => (isLocale(v) ? v : 'fr')),
  ),
  page: z.pipe(
    z.optional(z.unknown()),
    z.transform((v: unknown) => (typeof v === 'string' ? v : '')),
  ),
});

/** One shared rule as a zod field: its error code becomes the issue's message. */
const field = <T>(rule: Rule<T>) =>
  z.pipe(
    z.optional(z.unknown()),
    z.transform((input: unknown, ctx) => {
      const result = rule(input);
      if (result.ok) return result.value;
      ctx.issues.push({ code: 'custom', message: result.code, input });
      return z.NEVER;
    }),
  );
const fields = <R extends Record<string, Rule<unknown>>>(rules: R) =>
  Object.fromEntries(Object.entries(rules).map(([name, rule]) => [name, field(rule)])) as {
    [K in keyof R]: ReturnType<typeof field<R[K] extends Rule<infer T> ? T : never>>;
  };

/** A check across fields, run even when another field failed (as the island does). */
const across = (check: (input: Record<string, unknown>) => FieldError[]) =>
  z.superRefine(
    (value: Record<string, unknown>, ctx) => {
      if (typeof value !== 'object' || value === null) return; // not an object at all: already refused
      for (const error of check(value)) ctx.addIssue({ code: 'custom', path: [error.field], message: error.code });
    },
    { when: () => true },
  );

/** One error code per field (the first issue wins); a message that is not a code reads as 'invalid'. */
export function fieldErrors(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  for (const issue of issues) {
    const name = String(issue.path[0] ?? 'form');
    if (seen.has(name)) continue;
    seen.add(name);
    errors.push({ field: name, code: /^[a-z_]+$/.test(issue.message) ? issue.message : 'invalid' });
  }
  return errors;
}

export interface FormDefinition {
  kind: FormKind;
  path: string;
  /** The shared schema's fields plus the request fields; built on first use. */
  schema: () => z.core.$ZodType<
    Record<string, unknown> & { locale: Locale; page: string; [HONEYPOT_FIELD]?: unknown; [CAPTCHA_FIELD]: string }
  >;
  /** The visitor's fields: only these are stored and mailed. */
  fields: readonly string[];
  /** Pages that show the form; a no-JS post comes back to the one it was sent from (the first by default). */
  pages: readonly [PageId, ...PageId[]];
  /** The page data key holding the form's state. */
  stateKey: 'contactForm' | 'estimateForm';
}

export const FORMS: readonly FormDefinition[] = [
  {
    kind: 'contact',
    path: '/api/contact',
    schema: lazy(() => z.object({ ...fields(contactRules), ...requestFields() })),
    fields: Object.keys(contactRules),
    pages: ['contact', 'home'],
    stateKey: 'contactForm',
  },
  {
    kind: 'estimate',
    path: '/api/translation-estimate',
    schema: lazy(() => z.object({ ...fields(estimateRules), ...requestFields() }).check(across(checkLanguages))),
    fields: Object.keys(estimateRules),
    pages: ['translation'],
    stateKey: 'estimateForm',
  },
];
