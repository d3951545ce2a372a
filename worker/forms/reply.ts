import type { Context } from 'hono';
import { amountText, type Estimate } from '#client/forms/pricing.ts';
import { errorMessage, type Failure, type FormState, failureTitle } from '#client/forms/state.ts';
import type { FieldError } from '#client/forms/validate.ts';
import { createTranslator, type Locale } from '#client/i18n.ts';
import { href, routes } from '#client/routes.ts';
import { site } from '#content/index.ts';
import type { AppEnv, Secrets } from '../env';
import { renderPage } from '../routes/pages';
import type { FormDefinition } from './definitions';

/** What the form pipeline knows about the post in hand, set by its first step and refined as it goes. */
interface FormRequest {
  form: FormDefinition;
  /** The submission's id, also Turnstile's idempotency key. */
  id: string;
  /** A plain HTML form (no JavaScript) gets pages back; everything else JSON. */
  html: boolean;
  /** How the body was parsed, once its media type is known. */
  target?: 'json' | 'form';
  locale: Locale;
  /** The page to render a no-JS answer on. */
  page: FormDefinition['pages'][number];
  /** What the visitor typed, to show again next to the errors. */
  values: FormState['values'];
  secrets?: Secrets;
}

export interface FormEnv extends AppEnv {
  Variables: AppEnv['Variables'] & { form: FormRequest };
}
export type FormContext = Context<FormEnv>;

type FailStatus = 400 | 413 | 415 | 429 | 503;

/** Answers must never be cached: they carry what the visitor typed. */
const NO_STORE = { 'Cache-Control': 'no-store' };

/**
 * Refuses a post: JSON `{ ok: false, message, errors }` with each error's
 * code and message in the visitor's language, or, for a plain HTML form,
 * the page again with the values, the errors and (for `captcha` and
 * `unavailable`) the e-mail alternative.
 */
export async function fail(
  c: FormContext,
  status: FailStatus,
  failure: Failure,
  errors: FieldError[] = [],
  headers: Record<string, string> = {},
) {
  const { form, locale, html, values, page } = c.var.form;
  const t = createTranslator(locale);
  if (html) {
    const state: FormState = { values, errors, failure };
    const res = await renderPage(c, routes().find((r) => r.id === page)!, { locale, status, extra: { [form.stateKey]: state } });
    for (const [k, v] of Object.entries({ ...NO_STORE, ...headers })) res.headers.set(k, v);
    return res;
  }
  const message =
    failure === 'validation' || failure === 'captcha'
      ? failureTitle(form.kind, t)
      : failure === 'tooMany'
        ? t('forms.errors.tooMany')
        : failure === 'tooLarge'
          ? t('forms.errors.tooLarge')
          : failure === 'unsupported'
            ? t('forms.errors.unsupported')
            : t('forms.errors.generic', { email: site.email });
  return c.json(
    { ok: false, message, errors: errors.map((e) => ({ ...e, message: errorMessage(form.kind, e.code, t, locale) })) },
    status,
    { ...NO_STORE, ...headers },
  );
}

/** Accepts a post: JSON `{ ok, id, estimate }`, or a 303 to the page's success screen. */
export function succeed(c: FormContext, estimate?: Estimate) {
  const { form, id, locale, html, page } = c.var.form;
  if (html) {
    return c.redirect(`${href(page, locale)}?sent=${form.kind}#${form.kind}-form`, 303);
  }
  const formatted = estimate && amountText(estimate, locale, createTranslator(locale)('forms.estimate.amountOnRequest'));
  return c.json({ ok: true, id, ...(estimate ? { estimate: { ...estimate, formatted } } : {}) }, 200, NO_STORE);
}
