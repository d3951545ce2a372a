import * as z from 'zod/mini';
import { lazy } from '#client/lazy.ts';
import type { TURNSTILE_TEST_SECRETS } from '../secrets';

/**
 * What siteverify answers for Cloudflare's test secrets. They accept any
 * token, so they are honoured on this machine only (`npm run dev`): on any
 * other host, deployed or not, a test secret fails every post (and env.ts
 * refuses them in production outright).
 */
const TEST_REPLIES: Record<(typeof TURNSTILE_TEST_SECRETS)[number], string[]> = {
  '1x0000000000000000000000000000000AA': [],
  '2x0000000000000000000000000000000AA': ['invalid-input-response'],
  '3x0000000000000000000000000000000AA': ['timeout-or-duplicate'],
};

const siteverifyReply = lazy(() =>
  z.object({
    success: z.boolean(),
    'error-codes': z._default(z.array(z.string()), []),
    hostname: z.optional(z.string()),
    /** The widget's `action` (the form's name), as the token carries it: '' when the widget had none. */
    action: z.optional(z.string()),
  }),
);

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

export type CaptchaResult = { ok: true } | { ok: false; code: 'bad_captcha' | 'unavailable'; reason: string };

/**
 * Turnstile siteverify (secret, response, remoteip, idempotency_key). A token
 * is single-use and lives 300 s; Cloudflare answers `timeout-or-duplicate`
 * after that. A token is only good for the host the form was posted to, and
 * for the form it was issued to: the island renders the widget with the
 * form's name as its `action` (client/forms/turnstile-widget.ts), which Cloudflare
 * seals into the token and siteverify gives back, so a token solved on the
 * pricer cannot send the contact form (nor one from a widget without an action).
 * Cloudflare's test secrets are answered here without the network, so
 * `npm run dev` works offline; they accept any token, whatever its action.
 */
export async function verifyTurnstile(opts: {
  secret: string;
  token: string;
  remoteIp: string | null;
  idempotencyKey: string;
  verifyUrl: string;
  hostname: string;
  /** The form's name: the `action` the widget was rendered with. */
  action: string;
}): Promise<CaptchaResult> {
  const test = TEST_REPLIES[opts.secret as keyof typeof TEST_REPLIES];
  if (test && !LOOPBACK.has(opts.hostname)) {
    return {
      ok: false,
      code: 'unavailable',
      reason: `TURNSTILE_SECRET_KEY is a Cloudflare test secret, which accepts any token: refused on ${opts.hostname}`,
    };
  }
  if (test) return test.length === 0 ? { ok: true } : { ok: false, code: 'bad_captcha', reason: test.join(',') };

  const body = new URLSearchParams({ secret: opts.secret, response: opts.token, idempotency_key: opts.idempotencyKey });
  if (opts.remoteIp) body.set('remoteip', opts.remoteIp);
  let reply: z.infer<ReturnType<typeof siteverifyReply>>;
  try {
    const res = await fetch(opts.verifyUrl, { method: 'POST', body, signal: AbortSignal.timeout(10_000) });
    if (!res.ok) return { ok: false, code: 'unavailable', reason: `siteverify answered ${res.status}` };
    reply = siteverifyReply().parse(await res.json());
  } catch (error) {
    return { ok: false, code: 'unavailable', reason: `siteverify unreachable: ${(error as Error).message}` };
  }
  if (!reply.success) return { ok: false, code: 'bad_captcha', reason: reply['error-codes'].join(',') || 'rejected' };
  if (reply.hostname !== opts.hostname)
    return { ok: false, code: 'bad_captcha', reason: `token issued for ${reply.hostname ?? 'no host'}, not ${opts.hostname}` };
  if (reply.action !== opts.action)
    return { ok: false, code: 'bad_captcha', reason: `token issued for the action ${reply.action || '(none)'}, not ${opts.action}` };
  return { ok: true };
}
