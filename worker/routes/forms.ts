import { routes } from '#client/routes.ts';
import { FORMS } from '../forms/definitions';
import { clientAddress, formBody, formRequest, RATE_PERIOD_SECONDS, rateLimit, store, turnstile } from '../forms/pipeline';
import type { FormEnv, RenderFormPage } from '../forms/reply';
import { router } from '../lib/router';
import { renderPage } from './pages';

/**
 * POST to each form's endpoint (client/forms/index.ts; docs/forms.md): one pipeline
 * for every form, read top to bottom. Any step may answer and stop: 429 from the
 * rate limit, 415, 413 or 400 from the body, 400 or 503 from Turnstile.
 */
/** A refused post without JavaScript answers with the form's page (worker/routes/pages), given to the pipeline here. */
const renderFormPage: RenderFormPage = (c, page, failed) => renderPage(c, routes().find((r) => r.id === page)!, failed);

export function formRoutes() {
  const app = router<FormEnv>();
  for (const form of FORMS) {
    app.post(
      form.form.endpoint,
      formRequest(form, renderFormPage), // JSON or a page back; the submission's id
      rateLimit(), //       per client and form, every post, before the body is read
      formBody(form), //    content type, size cap, the honeypot (a bot: fake success), the shared zod schema
      turnstile(), //       siteverify, always
      store, //             outbox, answer, then mail
    );
  }
  // The API takes POST only; anything else is told so, in JSON.
  // A post to any other address counts against the rate limit too.
  app.all('/api/*', async (c) => {
    const { t } = c.var;
    const headers = { 'Cache-Control': 'no-store' };
    if (c.req.method === 'POST') {
      const { success } = await c.env.FORM_LIMITER.limit({ key: `api:${clientAddress(c)}` });
      if (!success)
        return c.json({ ok: false, message: t('forms.errors.tooMany') }, 429, { ...headers, 'Retry-After': String(RATE_PERIOD_SECONDS) });
      return c.json({ ok: false, message: t('forms.errors.noSuchForm') }, 404, headers);
    }
    return c.json({ ok: false, message: t('forms.errors.methodNotAllowed') }, 405, { ...headers, Allow: 'POST' });
  });
  return app;
}
