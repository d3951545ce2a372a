import type { Context } from 'hono';
import { errorMessage, type FormState, type PostFailure } from '#client/forms/state.ts';
import type { FieldError } from '#client/forms/validate.ts';
import { createTranslator, type Locale } from '#client/i18n.ts';
import { href, type PageId } from '#client/paths.ts';
import { site } from '#content/index.ts';
import type { AppEnv } from '../env';
import type { Budget } from '../platform/subrequests';
import type { FailedPost } from '../render/page-options';
import { renderPage } from '../render/renderer';
import type { Secrets } from '../secrets';
import type { ServedForm } from './definitions';

/** What the form pipeline knows about the post in hand, set by its first step and refined as it goes. */
interface FormRequest {
  form: ServedForm;
  /** The submission's id, also Turnstile's idempotency key. */
  id: string;
  /** A plain HTML form (no JavaScript) gets pages back; everything else JSON. */
  html: boolean;
  /** How the body was parsed, once its media type is known. */
  target?: 'json' | 'form';
  locale: Locale;
  /** The page to render a no-JS answer on. */
  page: PageId;
  /** What the visitor typed, to show again next to the errors. */
  values: FormState['values'];
  secrets?: Secrets;
  /** This post's outbound calls, counted against the plan's (worker/platform/subrequests.ts). */
  budget: Budget;
}

export interface FormEnv extends AppEnv {
  Variables: AppEnv['Variables'] & { form: FormRequest };
}
export type FormContext = Context<FormEnv>;

/** How a post can be refused: the statuses the page of a refused post is rendered with. */
type FailStatus = FailedPost['status'];

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
  failure: PostFailure,
  errors: FieldError[] = [],
  headers: Record<string, string> = {},
) {
  const { form: definition, locale, html, values, page } = c.var.form;
  const { form } = definition;
  const t = createTranslator(locale);
  if (html) {
    const state: FormState = { values, errors, failure };
    const res = await renderPage(c, page, { locale, form: definition.name, state, status });
    for (const [k, v] of Object.entries({ ...NO_STORE, ...headers })) res.headers.set(k, v);
    return res;
  }
  const message =
    failure === 'validation' || failure === 'captcha'
      ? t(form.texts.failureTitle)
      : failure === 'tooMany'
        ? t('forms.errors.tooMany')
        : failure === 'tooLarge'
          ? t('forms.errors.tooLarge')
          : failure === 'unsupported'
            ? t('forms.errors.unsupported')
            : t('forms.errors.generic', { email: site.email });
  const own = 'errors' in form.texts ? form.texts.errors : undefined;
  return c.json({ ok: false, message, errors: errors.map((e) => ({ ...e, message: errorMessage(e.code, t, own) })) }, status, {
    ...NO_STORE,
    ...headers,
  });
}

/** Accepts a post: JSON `{ ok, id, result }` (what the form computed, if anything, and its `formatted` text), or a 303 to the page's success screen. */
export function succeed(c: FormContext, result?: object) {
  const { form: definition, id, locale, html, page } = c.var.form;
  const { form } = definition;
  if (html) {
    return c.redirect(`${href(page, locale)}?sent=${form.name}#${form.name}-form`, 303);
  }
  const formatted = result !== undefined ? form.formatResult?.(result, createTranslator(locale)) : undefined;
  return c.json({ ok: true, id, ...(result !== undefined ? { result: { ...result, formatted } } : {}) }, 200, NO_STORE);
}
