import { z } from 'zod';

export const TURNSTILE_DEFAULT_VERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

/** Cloudflare's documented test secrets: always pass, always fail, already spent. */
const TEST_SECRETS: Record<string, string[]> = {
  '1x0000000000000000000000000000000AA': [],
  '2x0000000000000000000000000000000AA': ['invalid-input-response'],
  '3x0000000000000000000000000000000AA': ['timeout-or-duplicate'],
};

export const isTestSecret = (secret: string) => secret in TEST_SECRETS;

const siteverifyReply = z.object({ success: z.boolean(), 'error-codes': z.array(z.string()).default([]) });

export type CaptchaResult = { ok: true } | { ok: false; code: 'bad_captcha'; reason: string } | { ok: false; code: 'unavailable'; reason: string };

/**
 * Turnstile siteverify (secret, response, remoteip, idempotency_key). A token
 * is single-use and lives 300 s; Cloudflare answers `timeout-or-duplicate`
 * after that. Outside production, Cloudflare's public test secrets are
 * answered here without the network, so `wrangler dev` works offline.
 */
export async function verifyTurnstile(opts: {
  secret: string;
  token: string;
  remoteIp: string | null;
  idempotencyKey: string;
  verifyUrl: string;
  production: boolean;
}): Promise<CaptchaResult> {
  const testCodes = TEST_SECRETS[opts.secret];
  if (testCodes && !opts.production && opts.verifyUrl === TURNSTILE_DEFAULT_VERIFY_URL) {
    return testCodes.length === 0 ? { ok: true } : { ok: false, code: 'bad_captcha', reason: testCodes.join(',') };
  }
  const body = new URLSearchParams({ secret: opts.secret, response: opts.token, idempotency_key: opts.idempotencyKey });
  if (opts.remoteIp) body.set('remoteip', opts.remoteIp);
  let reply: z.infer<typeof siteverifyReply>;
  try {
    const res = await fetch(opts.verifyUrl, { method: 'POST', body, signal: AbortSignal.timeout(10_000) });
    if (!res.ok) return { ok: false, code: 'unavailable', reason: `siteverify answered ${res.status}` };
    reply = siteverifyReply.parse(await res.json());
  } catch (error) {
    return { ok: false, code: 'unavailable', reason: `siteverify unreachable: ${(error as Error).message}` };
  }
  if (reply.success) return { ok: true };
  return { ok: false, code: 'bad_captcha', reason: reply['error-codes'].join(',') || 'rejected' };
}
