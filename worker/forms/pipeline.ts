import { zValidator } from '@hono/zod-validator';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import type { $ZodIssue } from 'zod/v4/core';
import type { FieldValue } from '#client/forms/define.ts';
import { CAPTCHA_FIELD, HONEYPOT_FIELD } from '#client/forms/fields.ts';
import { CAPTCHA_CODES, type FormState } from '#client/forms/state.ts';
import { isLocale } from '#client/i18n.ts';
import { lazy } from '#client/lazy.ts';
import { errorFields } from '../platform/log';
import { Budget } from '../platform/subrequests';
import { clientAddress } from '../request/client-address';
import { readOps, readSecrets } from '../secrets';
import { flushAlerts } from './alerts';
import { fieldErrors, type ServedForm } from './definitions';
import { deliver, LEASE_MS, mailSettings } from './delivery';
import { outbox } from './outbox-object';
import type { NewSubmission, Submission } from './outbox-submission';
import { type FormContext, type FormEnv, fail, succeed } from './reply';
import { verifyTurnstile } from './siteverify';

/** The whole body, whatever Content-Length claims. */
const BODY_LIMIT = 32 * 1024;
/** The FORM_LIMITER binding counts posts per minute (wrangler.toml). */
export const RATE_PERIOD_SECONDS = 60;

type Step = MiddlewareHandler<FormEnv>;
type Data = Record<string, unknown>;

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];
/** `multipart/form-data; boundary=…` -> `multipart/form-data`. */
const mediaType = (c: FormContext) => (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();

/** 1. What is being posted, and how to answer: a page for a plain HTML form, JSON otherwise. */
export function formRequest(form: ServedForm): Step {
  return async function formRequest(c, next) {
    const html = (c.req.header('Accept') ?? '').includes('text/html') && FORM_TYPES.includes(mediaType(c));
    const budget = Budget.forPlan(c.var.config.WORKERS_PLAN);
    c.set('form', { form, id: crypto.randomUUID(), html, locale: c.var.locale, page: form.form.pages[0], values: {}, budget });
    await next();
  };
}

/**
 * The body, read once and kept (Hono caches it for the parsers): at most
 * BODY_LIMIT bytes, whatever Content-Length claims. `broken` when the client
 * stops sending halfway.
 */
const sizeLimit = bodyLimit({ maxSize: BODY_LIMIT, onError: (c) => c.body(null, 413) });
async function readBody(c: FormContext): Promise<'read' | 'tooLarge' | 'broken'> {
  let state: 'read' | 'broken' = 'broken';
  try {
    const refused = await sizeLimit(c, async () => {
      try {
        await c.req.arrayBuffer();
        state = 'read';
      } catch {
        state = 'broken';
      }
    });
    return refused ? 'tooLarge' : state;
  } catch {
    return 'broken'; // the client stopped sending while the limit was counting
  }
}

/**
 * 2. At most a few posts a minute per client and form, counted before the
 * body is read, so every post counts, valid or not, and a refused one is
 * never validated. Past the limit: 429 with Retry-After. A plain HTML form
 * gets its page back with what the visitor typed (its bounded body read,
 * never validated: no more work than any page).
 */
export function rateLimit(): Step {
  return async function rateLimit(c, next) {
    c.var.form.budget.take('internal'); // the rate limiter is a Cloudflare service
    const { success } = await c.env.FORM_LIMITER.limit({ key: `${c.var.form.form.name}:${clientAddress(c)}` });
    if (success) return next();
    if (c.var.form.html && (await readBody(c)) === 'read') {
      remember(c, await c.req.parseBody({ all: true }).catch(() => ({})));
    }
    return fail(c, 429, 'tooMany', [], { 'Retry-After': String(RATE_PERIOD_SECONDS) });
  };
}

/**
 * 3. The body: JSON, urlencoded or multipart (else 415), at most BODY_LIMIT
 * bytes (else 413), validated by the form's zod schema (else 400 with one
 * error code per field and the visitor's values kept). A body that is not
 * what it claims, or that the client stops sending halfway, is a quiet 400.
 * First, valid or not, the honeypot (`caughtBot`).
 */
export function formBody(form: ServedForm): Step {
  const hook = (result: { success: boolean; data: unknown; error?: { issues: readonly $ZodIssue[] } }, context: Context) => {
    const c = context as FormContext;
    remember(c, result.data);
    const bot = caughtBot(c, result.data, result.success);
    if (bot) return bot;
    if (result.success) return;
    const errors = fieldErrors(result.error!.issues);
    return fail(c, 400, errors.every((e) => CAPTCHA_CODES.includes(e.code)) ? 'captcha' : 'validation', errors);
  };
  // zValidator types its context with Hono's base Env; this pipeline's context is FormEnv.
  // Made at the first post, with the schema: a page view needs neither.
  const validators = lazy(() => ({
    json: zValidator('json', form.schema(), hook) as unknown as Step,
    form: zValidator('form', form.schema(), hook) as unknown as Step,
  }));
  const malformed = (c: FormContext) => fail(c, 400, 'validation', [{ field: 'form', code: 'invalid' }]);

  return async function formBody(c, next) {
    const type = mediaType(c);
    const target = type === 'application/json' ? 'json' : FORM_TYPES.includes(type) ? 'form' : null;
    if (!target) return fail(c, 415, 'unsupported');
    c.var.form.target = target;
    const read = await readBody(c);
    if (read === 'tooLarge') return fail(c, 413, 'tooLarge');
    if (read === 'broken') return malformed(c);
    try {
      return await validators()[target](c, next); // a Response when the hook refused the body
    } catch (error) {
      // Only the parser throws a 400 (JSON that is not JSON); anything later in the chain is a real error.
      if (!(error instanceof HTTPException && error.status === 400)) throw error;
      return malformed(c);
    }
  };
}

/**
 * A bot filled the hidden field: it looks successful, and nothing is kept or
 * sent, whatever else its post holds (errors would tell it what to fix).
 * People never see the field, so it is absent or empty; any other value, of
 * any type (`["x"]`, `1`, `null`, a file), is a bot.
 */
function caughtBot(c: FormContext, raw: unknown, valid: boolean): Response | Promise<Response> | undefined {
  const value = raw && typeof raw === 'object' ? (raw as Data)[HONEYPOT_FIELD] : undefined;
  if (value === undefined || value === '') return undefined;
  c.var.log.warn('form.honeypot', { form: c.var.form.form.name, outcome: 'dropped, answered as a success' });
  return succeed(c, valid ? computed(c.var.form.form, raw as Data) : undefined); // the same answer as a real success
}

/**
 * 4. Turnstile, always: the token must pass siteverify, for this host and this
 * form (the widget's `action` is the form's name). Without
 * valid secrets, or when siteverify cannot be reached, nothing passes (503,
 * with the e-mail alternative for the visitor).
 */
export function turnstile(): Step {
  return async function turnstile(c, next) {
    const secrets = readSecrets(c.env);
    if (!secrets.ok) return fail(c, 503, 'unavailable');
    const { id, form, budget } = c.var.form;
    budget.take('fetch'); // siteverify
    const result = await verifyTurnstile({
      secret: secrets.secrets.TURNSTILE_SECRET_KEY,
      token: String(valid(c)[CAPTCHA_FIELD]),
      remoteIp: c.req.header('CF-Connecting-IP') ?? null,
      idempotencyKey: id,
      verifyUrl: c.var.config.TURNSTILE_VERIFY_URL,
      hostname: new URL(c.req.url).hostname,
      action: form.name,
    });
    if (!result.ok && result.code === 'unavailable') {
      c.var.log.error('form.turnstile_unavailable', { form: form.name, reason: result.reason });
      return fail(c, 503, 'unavailable');
    }
    if (!result.ok) return fail(c, 400, 'captcha', [{ field: CAPTCHA_FIELD, code: 'bad_captcha' }]);
    c.var.form.secrets = secrets.secrets;
    await next();
  };
}

/**
 * 5. Store, answer, then mail: once the submission is in the outbox nothing
 * the visitor sent can be lost. The first delivery runs after the answer,
 * under a lease; if it fails, the cron retries.
 */
export async function storeAndSend(c: FormContext) {
  const { form, id, locale, secrets, budget } = c.var.form;
  const data = valid(c);
  // What the schema gave: strings, the word count, the list of languages.
  const fields = Object.fromEntries(form.fields.filter((k) => data[k] !== undefined).map((k) => [k, data[k] as FieldValue]));
  const result = computed(form, fields);
  const submission: NewSubmission = {
    id,
    form: form.name,
    locale,
    created: new Date().toISOString(),
    fields,
    ...(result !== undefined ? { result } : {}),
  };
  const box = budget.meter(outbox(c.env));
  const owner = `request:${id}`;
  let stored: Submission;
  try {
    stored = await box.add(submission, owner, LEASE_MS);
  } catch (error) {
    c.var.log.error('outbox.unavailable', { form: form.name, outcome: 'submission refused (503)', ...errorFields(error) });
    return fail(c, 503, 'unavailable');
  }
  // Then the alerts that delivery may have queued (a refusal is announced at once).
  c.executionCtx.waitUntil(
    deliver(box, stored, owner, form.form, {
      settings: mailSettings(secrets!, c.var.config, undefined, budget.fetch),
      config: c.var.config,
      log: c.var.log,
      clock: Date.now,
    })
      .catch((error: unknown) =>
        c.var.log.error('delivery.threw', { submission: id, next: 'the cron retries once the lease expires', ...errorFields(error) }),
      )
      // One message at most, and only if none went in the last ten minutes: the cron posts the rest.
      .then(() => flushAlerts(box, readOps(c.env), c.var.config, c.var.log, Date.now(), budget)),
  );
  return succeed(c, result);
}

/** What the form computes from its fields on the server (the pricer's estimate), if it computes anything. */
function computed(served: ServedForm, data: Data): object | undefined {
  return served.form.compute?.(data as Record<string, FieldValue>);
}

/** The data the schema accepted, from the parser the body step chose. */
function valid(c: FormContext): Data {
  const req = c.req as unknown as { valid(target: 'json' | 'form'): Data | undefined };
  const data = c.var.form.target && req.valid(c.var.form.target);
  if (!data) throw new Error('Form data read before the body step validated it');
  return data;
}

/** Keeps the language, the page and (bounded, strings only) what the visitor typed, for the answer. */
function remember(c: FormContext, raw: unknown) {
  const data = (raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {}) as Data;
  const request = c.var.form;
  if (isLocale(data.locale)) request.locale = data.locale;
  request.page = request.form.form.pages.find((p) => p === data.page) ?? request.form.form.pages[0];
  const values: FormState['values'] = {};
  for (const k of request.form.fields) {
    const v = data[k];
    if (typeof v === 'string') values[k] = v.slice(0, 2000);
    else if (typeof v === 'number') values[k] = String(v);
    else if (Array.isArray(v)) values[k] = v.filter((x): x is string => typeof x === 'string').slice(0, 10);
  }
  request.values = values;
}
