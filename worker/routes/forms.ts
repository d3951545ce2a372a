import { Hono, type Context } from 'hono';
import { contactSchema } from '#client/forms/contact.ts';
import { estimateSchema } from '#client/forms/estimate.ts';
import { estimate } from '#client/forms/pricing.ts';
import { errorMessage, failureTitle, type Failure, type FormKind, type FormState } from '#client/forms/state.ts';
import { validate, type FieldError } from '#client/forms/validate.ts';
import { createTranslator, isLocale, type Locale } from '#client/i18n.ts';
import { routeById } from '#client/routes.ts';
import type { AppEnv } from '../env';
import { deliver } from '../forms/delivery';
import { verifyChallenge } from '../forms/challenge';
import { FIRST_LEASE_MS, saveSubmission, type Submission } from '../forms/outbox';
import { parseBody } from '../forms/parse';
import { isTestSecret, verifyTurnstile } from '../forms/turnstile';
import { renderRoute } from './pages';

const CAPTCHA_FIELD = 'cf-turnstile-response';
const HONEYPOT_FIELD = 'website';
/** Where a form without JavaScript comes back to: the page that showed it. */
const PAGES = { contact: ['contact', 'home'], estimate: ['translation'] } as const;

/**
 * POST /api/contact and /api/translation-estimate, one pipeline (DESIGN §6):
 * parse (capped) -> shared zod schema -> rate limit -> honeypot -> Turnstile
 * -> store in KV -> answer -> send mail (retried by the cron until sent).
 * JSON in, JSON out; a plain HTML form gets an HTML page back.
 */
export function formRoutes() {
  const app = new Hono<AppEnv>();
  app.post('/api/contact', (c) => handle(c, 'contact'));
  app.post('/api/translation-estimate', (c) => handle(c, 'estimate'));
  return app;
}

async function handle(c: Context<AppEnv>, form: FormKind) {
  const config = c.var.config;
  const wantsHtml = (c.req.header('Accept') ?? '').includes('text/html') && !(c.req.header('Content-Type') ?? '').includes('json');
  const parsed = await parseBody(c.req.raw, ['targetLanguages']);
  if (!parsed.ok) {
    const failure: Failure = parsed.status === 413 ? 'tooLarge' : parsed.status === 415 ? 'unsupported' : 'validation';
    return answerFailure(c, form, queryLocale(c), parsed.status, failure, [{ field: 'form', code: 'invalid' }], {}, wantsHtml);
  }
  const fields = parsed.fields;
  const locale: Locale = isLocale(fields.locale) ? fields.locale : 'fr';
  const values = keepValues(fields);
  const page = PAGES[form].find((p) => p === fields.page) ?? PAGES[form][0];

  // 1. The shared schema; a missing captcha token is reported with the other fields.
  const input = form === 'contact' ? fields : { ...fields, targetLanguages: toArray(fields.targetLanguages) };
  const result = validate(form === 'contact' ? contactSchema : estimateSchema, input);
  const token = typeof fields[CAPTCHA_FIELD] === 'string' ? (fields[CAPTCHA_FIELD] as string).trim() : '';
  // Without JavaScript there is no Turnstile token: the signed sum stands in for it.
  const challenge = typeof fields.challenge === 'string' && typeof fields.challengeAnswer === 'string' && !token ? { token: fields.challenge, answer: fields.challengeAnswer } : null;
  const errors: FieldError[] = result.ok ? [] : [...result.errors];
  if ((!token && !challenge?.answer.trim()) || token.length > 2048) errors.push({ field: CAPTCHA_FIELD, code: 'no_captcha' });
  if (errors.length > 0 || !result.ok) return answerFailure(c, form, locale, 400, 'validation', errors, values, wantsHtml, page);

  // 2. Rate limit per client and form.
  const ip = c.req.header('CF-Connecting-IP') ?? null;
  const { success: allowed } = await c.env.FORM_LIMITER.limit({ key: `${form}:${ip ?? 'unknown'}` });
  if (!allowed) return answerFailure(c, form, locale, 429, 'tooMany', [], values, wantsHtml, page);

  const id = crypto.randomUUID();
  // 3. Honeypot: a bot filled the hidden field. Look successful, keep nothing.
  if (typeof fields[HONEYPOT_FIELD] === 'string' && fields[HONEYPOT_FIELD] !== '') {
    console.warn(`Honeypot filled on ${form} form; dropped`);
    return answerSuccess(c, form, locale, id, undefined, wantsHtml, page);
  }

  // 4. Turnstile, failing closed in production when a secret is missing.
  const production = config.ENVIRONMENT === 'production';
  const secret = c.env.TURNSTILE_SECRET_KEY;
  const missing = !secret || (production && isTestSecret(secret)) ? 'TURNSTILE_SECRET_KEY' : production && !c.env.MAILCHANNELS_API_KEY ? 'MAILCHANNELS_API_KEY' : null;
  if (missing || !secret) {
    console.error(`Form ${form} refused: ${missing} is not configured (or is a test key in production)`);
    return answerFailure(c, form, locale, 503, 'generic', [], values, wantsHtml, page);
  }
  const captcha = challenge
    ? await verifyChallenge(secret, challenge.token, challenge.answer, c.env.SUBMISSIONS).then((r) => (r.ok ? r : { ok: false as const, code: 'bad_captcha' as const, reason: r.reason }))
    : await verifyTurnstile({ secret, token, remoteIp: ip, idempotencyKey: id, verifyUrl: config.TURNSTILE_VERIFY_URL, production });
  if (!captcha.ok) {
    if (captcha.code === 'unavailable') {
      console.error(`Turnstile unavailable for ${form} form: ${captcha.reason}`);
      return answerFailure(c, form, locale, 503, 'generic', [], values, wantsHtml, page);
    }
    return answerFailure(c, form, locale, 400, 'validation', [{ field: CAPTCHA_FIELD, code: 'bad_captcha' }], values, wantsHtml, page);
  }

  // 5. Store: from here on, nothing the visitor sent can be lost.
  const data = result.data as Record<string, unknown>;
  const est = form === 'estimate' ? estimate(data as Parameters<typeof estimate>[0]) : undefined;
  const now = new Date();
  const submission: Submission = {
    id,
    form,
    locale,
    created: now.toISOString(),
    fields: data,
    ...(est ? { estimate: est } : {}),
    status: 'pending',
    attempts: 0,
    nextAttemptAt: new Date(now.getTime() + FIRST_LEASE_MS).toISOString(),
    sent: { association: false, visitor: false },
  };
  await saveSubmission(c.env.SUBMISSIONS, submission);

  // 6. Mail after answering; a failure leaves it pending for the cron.
  c.executionCtx.waitUntil(
    deliver(submission, c.env, config).catch((error: unknown) => console.error(`Delivery of ${id} threw; the cron will retry:`, error)),
  );
  return answerSuccess(c, form, locale, id, est, wantsHtml, page);
}

function answerSuccess(c: Context<AppEnv>, form: FormKind, locale: Locale, id: string, est: ReturnType<typeof estimate> | undefined, html: boolean, page: string) {
  if (html) {
    const route = routeById(page as 'contact');
    const path = locale === 'en' ? (route.path === '/' ? '/en' : `/en${route.path}`) : route.path;
    return c.redirect(`${path}?sent=${form}#${form}-form`, 303);
  }
  return c.json({ ok: true, id, ...(est ? { estimate: est } : {}) }, 200);
}

function answerFailure(
  c: Context<AppEnv>,
  form: FormKind,
  locale: Locale,
  status: 400 | 413 | 415 | 429 | 503,
  failure: Failure,
  errors: FieldError[],
  values: FormState['values'],
  html: boolean,
  page: string = PAGES[form][0],
) {
  const t = createTranslator(locale);
  const message =
    failure === 'validation' ? failureTitle(form, t)
    : failure === 'tooMany' ? t('forms.errors.tooMany')
    : failure === 'tooLarge' ? t('forms.errors.tooLarge')
    : failure === 'unsupported' ? t('forms.errors.unsupported')
    : t('forms.errors.generic', { email: c.var.config.CONTACT_EMAIL });
  if (html) {
    const state: FormState = { values, errors, failure };
    return renderRoute(c, routeById(page as 'contact'), { locale, status, extra: { [form === 'contact' ? 'contactForm' : 'estimateForm']: state } });
  }
  return c.json({ ok: false, message, errors: errors.map((e) => ({ ...e, message: errorMessage(form, e.code, t) })) }, status);
}

/** Before the body is read (413, 415): the language of the page the form was on. */
function queryLocale(c: Context<AppEnv>): Locale {
  try {
    const from = new URL(c.req.header('Referer') ?? '').pathname;
    return from === '/en' || from.startsWith('/en/') ? 'en' : 'fr';
  } catch {
    return 'fr';
  }
}

const toArray = (v: unknown) => (Array.isArray(v) ? v : v === undefined || v === '' ? [] : [v]);

/** What the visitor typed, to show again next to the errors (bounded, strings only). */
function keepValues(fields: Record<string, unknown>): FormState['values'] {
  const out: FormState['values'] = {};
  for (const [k, v] of Object.entries(fields)) {
    if (k === CAPTCHA_FIELD || k === HONEYPOT_FIELD || k === 'challenge' || k === 'challengeAnswer') continue;
    if (typeof v === 'string') out[k] = v.slice(0, 2000);
    else if (typeof v === 'number') out[k] = String(v);
    else if (Array.isArray(v)) out[k] = v.filter((x): x is string => typeof x === 'string').slice(0, 10);
  }
  return out;
}
