/**
 * The anti-robot check for visitors without JavaScript, who cannot run the
 * Turnstile widget: a small sum, signed (HMAC-SHA-256) so the answer never
 * has to be stored, valid 30 minutes and single-use (the used signature is
 * remembered in KV until it would have expired anyway).
 */
const TTL_MS = 30 * 60_000;
const enc = new TextEncoder();

async function hmac(secret: string, payload: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', enc.encode(`no-js-challenge:${secret}`), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const sig = new Uint8Array(await crypto.subtle.sign('HMAC', key, enc.encode(payload)));
  return btoa(String.fromCharCode(...sig)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export interface Challenge {
  a: number;
  b: number;
  token: string;
}

export async function createChallenge(secret: string, now = Date.now(), random = Math.random): Promise<Challenge> {
  const a = 2 + Math.floor(random() * 8);
  const b = 2 + Math.floor(random() * 8);
  const payload = `${a}.${b}.${now + TTL_MS}`;
  return { a, b, token: `${payload}.${await hmac(secret, payload)}` };
}

export type ChallengeResult = { ok: true } | { ok: false; reason: string };

export async function verifyChallenge(secret: string, token: string, answer: string, used: KVNamespace, now = Date.now()): Promise<ChallengeResult> {
  const m = /^(\d)\.(\d)\.(\d{13})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return { ok: false, reason: 'malformed' };
  const [, a, b, expiry, sig] = m as unknown as [string, string, string, string, string];
  if ((await hmac(secret, `${a}.${b}.${expiry}`)) !== sig) return { ok: false, reason: 'bad signature' };
  if (Number(expiry) < now) return { ok: false, reason: 'expired' };
  if (answer.trim() !== String(Number(a) + Number(b))) return { ok: false, reason: 'wrong answer' };
  const key = `challenge-used:${sig}`;
  if ((await used.get(key)) !== null) return { ok: false, reason: 'already used' };
  await used.put(key, '1', { expirationTtl: Math.max(60, Math.ceil((Number(expiry) - now) / 1000)) });
  return { ok: true };
}
