import type { Context, MiddlewareHandler } from 'hono';
import { createTranslator } from '#client/i18n.ts';
import { lazy } from '#client/lazy.ts';
import type { AppEnv } from '../env';
import { clientAddress } from '../request/client-address';
import { SERVED_FORMS, type ServedForm } from './definitions';
import { formBody, formRequest, RATE_PERIOD_SECONDS, rateLimit, storeAndSend, turnstile } from './pipeline';
import type { FormEnv } from './reply';

/**
 * Each form's steps (client/forms/index.ts; docs/forms.md): one pipeline for
 * every form, read top to bottom. Any step may answer and stop: 429 from the
 * rate limit, 415, 413 or 400 from the body, 400 or 503 from Turnstile.
 * Loaded with the form code by the first post of an isolate (worker/routes/forms.ts).
 */

/** The steps of one form's post, in order. */
export function formChain(form: ServedForm): MiddlewareHandler<FormEnv>[] {
  return [
    formRequest(form), // JSON or a page back; the submission's id
    rateLimit(), //       per client and form, every post, before the body is read
    formBody(form), //    content type, size cap, the honeypot (a bot: fake success), the shared zod schema
    turnstile(), //       siteverify, always
    storeAndSend, //             outbox, answer, then mail
  ] as MiddlewareHandler<FormEnv>[];
}

const chains = lazy(() => new Map<string, MiddlewareHandler<FormEnv>[]>(SERVED_FORMS.map((form) => [form.form.endpoint, formChain(form)])));

/** The steps of the form posted to `endpoint`. */
export const formSteps = (endpoint: string): MiddlewareHandler<FormEnv>[] => chains().get(endpoint) ?? [];

/** The API takes POST only; anything else is told so, in JSON. A post to any other address counts against the rate limit too. */
export async function otherApi(c: Context<AppEnv>): Promise<Response> {
  const t = createTranslator(c.var.locale);
  const headers = { 'Cache-Control': 'no-store' };
  if (c.req.method === 'POST') {
    const { success } = await c.env.FORM_LIMITER.limit({ key: `api:${clientAddress(c)}` });
    if (!success)
      return c.json({ ok: false, message: t('forms.errors.tooMany') }, 429, { ...headers, 'Retry-After': String(RATE_PERIOD_SECONDS) });
    return c.json({ ok: false, message: t('forms.errors.noSuchForm') }, 404, headers);
  }
  return c.json({ ok: false, message: t('forms.errors.methodNotAllowed') }, 405, { ...headers, Allow: 'POST' });
}
