import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import type { Context } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import en from '../../locales/en.json';
import fr from '../../locales/fr.json';
import { type AppEnv, readConfig } from '../../worker/env';
import { formChain } from '../../worker/forms/chains';
import { SERVED_FORMS, serve } from '../../worker/forms/definitions';
import { outbox } from '../../worker/forms/outbox-object';
import type { FormEnv } from '../../worker/forms/reply';
import { config } from '../../worker/middleware/config';
import { locale } from '../../worker/middleware/locale';
import { requestLog } from '../../worker/middleware/request-log';
import { router } from '../../worker/request/router';
import { runSteps } from '../../worker/request/run-steps';
import { exportStream } from '../../worker/routes/admin-export';
import workshop from '../fixtures/forms/workshop/index.ts';
import { parseCsv } from './csv';
import { adminClient, recipient, text, useEmptyOutbox } from './forms-helpers';
import { useFakeUpstreams } from './upstreams';

/**
 * A third form, written as data in a folder of its own
 * (tests/fixtures/forms/workshop/, shaped as a form of client/forms/<name>/
 * is), served by the same code as the site's two: validated, stored, mailed,
 * listed and exported, with no edit anywhere else. The site serves the forms
 * of its list (client/forms/index.ts); here the list is the site's and this
 * one, and the form's route is mounted as worker/routes/forms.ts mounts each
 * of the site's, behind the app's first middleware (worker/app.ts).
 */
const upstream = useFakeUpstreams();
useEmptyOutbox();

const served = serve(workshop);
const forms = [...SERVED_FORMS, served];

const app = router<AppEnv>();
app.use(requestLog());
app.use(locale());
app.use(config());
app.post(workshop.endpoint, (c) => runSteps(c as unknown as Context<FormEnv>, formChain(served)));

let n = 0;
/** Posts as the form's island would, from an address of its own, and waits for the first delivery. */
async function post(data: Record<string, unknown>) {
  const ctx = createExecutionContext();
  const res = await app.fetch(
    new Request(`https://jeepfl.ch${workshop.endpoint}`, {
      method: 'POST',
      body: JSON.stringify(data),
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'CF-Connecting-IP': `198.51.120.${++n}` },
    }),
    env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

const booking = {
  email: 'ada@example.org',
  workshop: 'seo',
  seats: '3',
  note: 'Vegetarian lunch, please',
  locale: 'en',
  'cf-turnstile-response': 'workshop:token-ok',
};
const book = async () => ((await (await post(booking)).json()) as { id: string }).id;
const quietly = () => vi.spyOn(console, 'log').mockImplementation(() => {});

describe('a third form, added as one folder', () => {
  it('is validated by its own rules, in its own words, before anything is kept', async () => {
    const res = await post({ ...booking, email: 'not an address', workshop: 'cooking', seats: String(13) });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      ok: false,
      message: en.forms.errors.formTitle,
      errors: [
        { field: 'email', code: 'false_email', message: en.forms.errors.false_email },
        { field: 'workshop', code: 'required', message: en.forms.errors.required },
        { field: 'seats', code: 'seats_too_many', message: en.forms.errors.too_many },
      ],
    });
    // Turnstile's token is good for this form only, as for the site's forms.
    const other = await post({ ...booking, 'cf-turnstile-response': 'contact:token-ok' });
    expect(other.status).toBe(400);
    expect((await outbox(env).list()).submissions).toEqual([]);
    expect(upstream().mails).toEqual([]);
  });

  it('is stored with what it computed, answered with it, and mailed to both sides', async () => {
    quietly();
    const res = await post(booking);
    expect(res.status).toBe(200);
    const { id, ...answer } = (await res.json()) as { id: string };
    expect(answer).toEqual({ ok: true, result: { price: 120, currency: 'CHF', formatted: '120 CHF' } });
    expect(await outbox(env).get(id)).toMatchObject({
      form: 'workshop',
      locale: 'en',
      status: 'sent',
      fields: { email: 'ada@example.org', workshop: 'seo', seats: 3, note: 'Vegetarian lunch, please' },
      result: { price: 120, currency: 'CHF' },
      sent: { association: true, visitor: true },
    });
    const [toAssociation, toVisitor] = upstream().mails;
    expect(recipient(toAssociation!)).toBe(readConfig(env).MAIL_TO);
    expect(toAssociation!.body.subject).toBe('Workshop booking: ada@example.org');
    expect(toAssociation!.body.reply_to).toEqual({ email: 'ada@example.org' });
    expect(text(toAssociation!)).toContain(
      `Seats\u00a0: 3\n${fr.forms.contact.email}\u00a0: ada@example.org\nNote\u00a0: Vegetarian lunch, please`,
    );
    expect(text(toAssociation!)).toContain(`Price\u00a0: 120 CHF\n${fr.forms.mail.reference}\u00a0: ${id} (en, `);
    expect(recipient(toVisitor!)).toBe('ada@example.org');
    expect(toVisitor!.body.subject).toBe('Your workshop booking');
    expect(text(toVisitor!)).toContain(`Price: 120 CHF\n${en.forms.mail.confirmText}\nReference: ${id}`);
    expect(text(toVisitor!)).not.toContain('Vegetarian');
  });

  it('is listed and shown by the admin API with the site’s requests', async () => {
    quietly();
    const id = await book();
    const admin = adminClient('third-form-test-admin-token-forty-three-chars', '203.0.120');
    const { submissions } = (await (await admin('/admin/outbox')).json()) as { submissions: Record<string, unknown>[] };
    expect(submissions).toEqual([expect.objectContaining({ id, form: 'workshop', status: 'sent' })]);
    expect(submissions[0]).not.toHaveProperty('fields');
    const { submission } = (await (await admin(`/admin/outbox/${id}`)).json()) as { submission: Record<string, unknown> };
    expect(submission).toMatchObject({ id, fields: { seats: 3 }, result: { price: 120, currency: 'CHF' } });
  });

  it('is exported in its own columns: its fields, and the one it adds from its result', async () => {
    quietly();
    const id = await book();
    const stream = exportStream(outbox(env), '1970-01-01T00:00:00.000Z', () => {}, forms);
    const csv = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer()).slice(1);
    const [header, ...records] = parseCsv(csv);
    // After every form's fields, each once (the address is the site's forms' column too), what each form adds.
    expect(header!.filter((column) => ['email', 'workshop', 'seats', 'note'].includes(column))).toEqual([
      'email',
      'workshop',
      'seats',
      'note',
    ]);
    expect(header!.slice(-3)).toEqual(['estimate_amount', 'estimate_currency', 'workshop_price']);
    const record = Object.fromEntries(header!.map((column, i) => [column, records[0]![i]]));
    expect(records).toHaveLength(1);
    expect(record).toMatchObject({
      id,
      form: 'workshop',
      status: 'sent',
      email: 'ada@example.org',
      workshop: 'seo',
      seats: '3',
      note: 'Vegetarian lunch, please',
      workshop_price: '120',
      estimate_amount: '',
      estimate_currency: '',
    });
  });
});
