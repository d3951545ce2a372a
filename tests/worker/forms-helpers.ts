import { createExecutionContext, env, runInDurableObject, waitOnExecutionContext } from 'cloudflare:test';
import { beforeEach, vi } from 'vitest';
import { createApp } from '../../worker/app';
import { readConfig } from '../../worker/env';
import { runOutbox } from '../../worker/forms/cron';
import { outbox } from '../../worker/forms/outbox-object';
import { readOps, readSecrets } from '../../worker/secrets';
import type { MailSent } from './upstreams';

/**
 * A valid contact request and a valid estimate request, as the islands post
 * them. Each token carries its form's name as the widget's action
 * (`tokenAction` in ./upstreams.ts): a token is only good for its own form.
 */
export const contact = {
  firstName: 'Camille',
  lastName: 'Test',
  email: 'camille@example.org',
  phone: '+41 21 000 00 00',
  source: 'events',
  message: 'Nous aimerions refaire notre site.',
  'cf-turnstile-response': 'contact:token-ok',
  locale: 'fr',
};
export const request = {
  service: 'translation_proofreading',
  words: '1000',
  sourceLanguage: 'fr',
  targetLanguages: ['en', 'de'],
  email: 'client@example.org',
  comments: '',
  'cf-turnstile-response': 'estimate:token-ok',
  locale: 'en',
};

/** Money and numbers use no-break spaces (U+00A0, U+202F): compare them as plain spaces. */
export const spaces = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
export const decodeHtml = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"');
/** The prefilled e-mail link of a page (the footer's plain mailto: has no subject). */
export const prefilled = (html: string) => decodeHtml(/href="(mailto:[^"?]+\?subject=[^"]+)"/.exec(html)?.[1] ?? '');

/** A submission as the outbox holds it. */
export const load = (id: string) => outbox(env).get(id);
/** One cron run at `time` (epoch ms), as the scheduled handler runs it, with `overrides` on the env. */
export const cron = (time: number, overrides: Record<string, unknown> = {}, options: Parameters<typeof runOutbox>[5] = {}) => {
  const e = { ...env, ...overrides };
  const secrets = readSecrets(e);
  return runOutbox(e, secrets.ok ? secrets.secrets : null, readConfig(e), readOps(e), time, options);
};

/** Silences the console for a test whose path logs on purpose; returns the error spy, to read what was logged. */
export function quiet() {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  return vi.spyOn(console, 'error').mockImplementation(() => {});
}

export const text = (m: MailSent, type = 'text/plain') => m.body.content.find((c) => c.type === type)!.value;
export const recipient = (m: MailSent) => m.body.personalizations[0]!.to[0]!.email;

/**
 * Posts to the real app and waits for its background work (the first
 * delivery). Each client gets its own address from `ipPrefix`, so the rate
 * limit only bites where a test means it to.
 */
export function poster(ipPrefix: string) {
  const app = createApp();
  let n = 0;
  const post = async (
    path: string,
    body: BodyInit,
    headers: Record<string, string>,
    options: { env?: Record<string, unknown>; ip?: string; origin?: string } = {},
  ) => {
    const ctx = createExecutionContext();
    const ip = options.ip ?? `${ipPrefix}.${(++n % 250) + 1}`;
    const res = await app.fetch(
      new Request(`${options.origin ?? 'https://jeepfl.ch'}${path}`, {
        method: 'POST',
        body,
        headers: { 'CF-Connecting-IP': ip, ...headers },
      }),
      { ...env, ...options.env },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    return res;
  };
  return {
    app,
    post,
    postJson: (path: string, data: unknown, overrides?: Record<string, unknown>) =>
      post(path, JSON.stringify(data), { 'Content-Type': 'application/json', Accept: 'application/json' }, { env: overrides }),
    postHtml: (path: string, data: Record<string, string>) =>
      post(path, new URLSearchParams(data).toString(), { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html' }),
  };
}

/**
 * Requests to /admin/… as `npm run outbox` makes them: the admin token, each
 * from its own address under `ipPrefix` (the admin rate limit bites only
 * where a test means it to), background work awaited. `env` overrides bindings.
 */
export function adminClient(token: string, ipPrefix: string) {
  const app = createApp();
  let n = 0;
  return async (path: string, init: { method?: string; body?: unknown; env?: Record<string, unknown> } = {}) => {
    const ctx = createExecutionContext();
    const headers: Record<string, string> = { Authorization: `Bearer ${token}`, 'CF-Connecting-IP': `${ipPrefix}.${(++n % 250) + 1}` };
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await app.fetch(
      new Request(`https://jeepfl.ch${path}`, {
        method: init.method ?? 'GET',
        headers,
        ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
      }),
      { ...env, ADMIN_TOKEN: token, ...init.env },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    return res;
  };
}

/**
 * Every test of the calling file starts with an empty outbox. Storage lasts
 * for a whole file, and a cron run takes every due submission: without this,
 * one test's pending mail is another's unexpected delivery, depending on order.
 */
export function useEmptyOutbox() {
  beforeEach(async () => {
    await runInDurableObject(outbox(env), (_box, state) => {
      state.storage.sql.exec(
        `DELETE FROM submissions; DELETE FROM alerts; DELETE FROM error_counts; DELETE FROM error_windows;
         UPDATE alert_state SET last_digest_at = 0;
         UPDATE mail_health SET failing_since = NULL, last_failure_at = NULL, outage_alerted = 0, last_error = NULL, last_code = NULL`,
      );
    });
  });
}
