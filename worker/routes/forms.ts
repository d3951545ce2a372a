import { Hono } from 'hono';
import { FORMS } from '../forms/definitions';
import { formBody, formRequest, honeypot, rateLimit, store, turnstile } from '../forms/pipeline';
import type { FormEnv } from '../forms/reply';

/**
 * POST /api/contact and /api/translation-estimate (docs/architecture.md), one pipeline
 * for both, read top to bottom. Any step may answer and stop: 415, 413 or
 * 400 from the body, 429 from the rate limit, 400 or 503 from Turnstile.
 */
export function formRoutes() {
  const app = new Hono<FormEnv>();
  for (const form of FORMS) {
    app.post(
      form.path,
      formRequest(form), // JSON or a page back; the submission's id
      formBody(form), //    content type, size cap, the shared zod schema
      rateLimit(), //       per client and form
      honeypot(), //        a bot: fake success, nothing kept
      turnstile(), //       siteverify, always
      store, //             outbox, answer, then mail
    );
  }
  // The API takes POST only; anything else is told so, in JSON.
  app.all('/api/*', (c) => {
    const { t } = c.var;
    if (c.req.method === 'POST') return c.json({ ok: false, message: t('forms.errors.noSuchForm') }, 404);
    return c.json({ ok: false, message: t('forms.errors.methodNotAllowed') }, 405, { Allow: 'POST' });
  });
  return app;
}
