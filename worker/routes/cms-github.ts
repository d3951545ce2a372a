import type { EditorSecrets } from '../secrets';

/** How long GitHub may take to answer before the sign-in says it failed. */
const TIMEOUT_MS = 10_000;
/** GitHub's answer is a few hundred bytes: a longer one is not its answer. */
const REPLY_MAX = 16_384;
/** GitHub's tokens (`gho_…`, 40 characters): printable, bounded, safe to hand on as they are. */
const TOKEN = /^[\x21-\x7e]{1,512}$/;
/** GitHub's error codes (`bad_verification_code`, `incorrect_client_credentials`…), the only part of a refusal that is logged. */
const ERROR_CODE = /^[a-z_]{1,64}$/;

export type Exchange = { ok: true; token: string } | { ok: false; reason: string };

/**
 * Trades the code GitHub sent back for the maintainer's token (GitHub's
 * OAuth web flow, step 2: `POST <origin>/login/oauth/access_token`, which
 * answers `{access_token, token_type, scope}` or `{error,
 * error_description}`, with status 200 either way). `reason` says why not,
 * for the log: it never holds the code, the token or the secret.
 */
export async function exchangeCode(origin: string, secrets: EditorSecrets, code: string, redirectUri: string): Promise<Exchange> {
  let text: string;
  try {
    const res = await fetch(`${origin}/login/oauth/access_token`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ client_id: secrets.clientId, client_secret: secrets.clientSecret, code, redirect_uri: redirectUri }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!res.ok) return { ok: false, reason: `GitHub answered ${res.status}` };
    text = await res.text();
  } catch (error) {
    return { ok: false, reason: `GitHub unreachable: ${String(error)}` };
  }
  if (text.length > REPLY_MAX) return { ok: false, reason: 'GitHub answered more than a token' };
  let reply: { access_token?: unknown; error?: unknown };
  try {
    reply = JSON.parse(text) ?? {};
  } catch {
    return { ok: false, reason: 'GitHub answered something other than JSON' };
  }
  if (typeof reply.access_token === 'string' && TOKEN.test(reply.access_token)) return { ok: true, token: reply.access_token };
  const error = typeof reply.error === 'string' && ERROR_CODE.test(reply.error) ? reply.error : 'no token';
  return { ok: false, reason: `GitHub refused: ${error}` };
}
