import * as z from 'zod/mini';
import type { AnyForm } from '#client/forms/define.ts';
import { CAPTCHA_FIELD, HONEYPOT_FIELD, type Rule } from '#client/forms/fields.ts';
import { forms } from '#client/forms/index.ts';
import type { FieldError } from '#client/forms/validate.ts';
import { isLocale, type Locale } from '#client/i18n.ts';
import { lazy } from '#client/lazy.ts';

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
const acrossFields = (check: (input: Record<string, unknown>) => FieldError[]) =>
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

/** What the pipeline reads: the fields of the form's own rules plus the request fields. */
type Parsed = Record<string, unknown> & { locale: Locale; page: string; [HONEYPOT_FIELD]?: unknown; [CAPTCHA_FIELD]: string };

/** A form as the Worker serves it: its definition (client/forms/<name>/), and its zod schema, built on first use. */
export interface ServedForm {
  /** Its name, as its outbox rows, its rate-limit key and its answers write it. */
  name: string;
  form: AnyForm;
  schema: () => z.core.$ZodType<Parsed>;
  /** The visitor's fields: only these are stored and mailed. */
  fields: readonly string[];
}

/** A form's definition, served: the pipeline, the outbox, the e-mails and the export take it as it is. */
export function serve(form: AnyForm): ServedForm {
  return {
    name: form.name,
    form,
    fields: Object.keys(form.rules),
    schema: lazy(() => {
      const object = z.object({ ...fields(form.rules), ...requestFields() });
      return (form.across ? object.check(acrossFields(form.across)) : object) as z.core.$ZodType<Parsed>;
    }),
  };
}

/** Every form of the site: the list in client/forms/index.ts, the one place a form is named. */
export const SERVED_FORMS: readonly ServedForm[] = Object.values(forms).map(serve);

/** The form a stored submission or an alert names; undefined for a name no form has (any more). */
export const formNamed = (name: string): ServedForm | undefined => SERVED_FORMS.find((f) => f.name === name);
