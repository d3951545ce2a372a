import type { AnyForm } from '#client/forms/define.ts';
import { CAPTCHA_FIELD, type Rule } from '#client/forms/fields.ts';
import { forms } from '#client/forms/index.ts';
import { type FieldError, validate } from '#client/forms/validate.ts';
import { isLocale, type Locale } from '#client/i18n.ts';

/**
 * The Turnstile token, checked with the visitor's fields: missing, it is
 * reported with their errors (`no_captcha`); too long to be one, `bad_captcha`.
 */
const captcha: Rule<string> = (input) => {
  const token = typeof input === 'string' ? input.trim() : '';
  if (!token) return { ok: false, code: 'no_captcha' };
  return token.length > 2048 ? { ok: false, code: 'bad_captcha' } : { ok: true, value: token };
};

/** What the pipeline reads: the fields of the form's own rules, clean, and the request's own fields. */
export type Parsed = Record<string, unknown> & { locale: Locale; page: string; [CAPTCHA_FIELD]: string };

/** A form as the Worker serves it: its definition (client/forms/<name>/). */
export interface ServedForm {
  /** Its name, as its outbox rows, its rate-limit key and its answers write it. */
  name: string;
  form: AnyForm;
  /** The visitor's fields: only these are stored and mailed. */
  fields: readonly string[];
}

/** A form's definition, served: the pipeline, the outbox, the e-mails and the export take it as it is. */
export function serve(form: AnyForm): ServedForm {
  return { name: form.name, form, fields: Object.keys(form.rules) };
}

/**
 * A post's data, checked by its form's own rules with the island's runner
 * (client/forms/validate.ts: the same rules, run the same way in the browser
 * and here), the Turnstile token after them, then the checks across fields:
 * the clean data with the request's own fields (the language and the page,
 * which never fail), or one error code per field. Anything but an object is
 * refused whole.
 */
export function checkPost({ form }: ServedForm, input: unknown): { ok: true; data: Parsed } | { ok: false; errors: FieldError[] } {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return { ok: false, errors: [{ field: 'form', code: 'invalid' }] };
  const raw = input as Record<string, unknown>;
  const result = validate({ ...form.rules, [CAPTCHA_FIELD]: captcha }, raw, form.across);
  if (!result.ok) return result;
  const request = { locale: isLocale(raw.locale) ? raw.locale : 'fr', page: typeof raw.page === 'string' ? raw.page : '' };
  return { ok: true, data: { ...result.data, ...request } as Parsed };
}

/** Every form of the site: the list in client/forms/index.ts, the one place a form is named. */
export const FORMS: readonly ServedForm[] = Object.values(forms).map(serve);

/** The form a stored submission or an alert names; undefined for a name no form has (any more). */
export const formNamed = (name: string): ServedForm | undefined => FORMS.find((f) => f.name === name);
