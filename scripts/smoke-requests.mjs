// The smoke test's requests and the shape of its results (scripts/smoke.mjs):
// every request from Node's own fetch, never following a redirect, with a
// timeout and the smoke test's User-Agent; a site that is down is a result,
// never a thrown error.

const USER_AGENT = 'jeepfl-smoke/1.0 (deploy check: scripts/smoke.mjs)';
const TIMEOUT_MS = 15_000;
export const REDIRECTS = [301, 302, 307, 308];

/** A quoted header value for a FAIL line, or "nothing". */
export const shown = (value) =>
  value === null || value === undefined ? 'nothing' : JSON.stringify(value.length > 120 ? `${value.slice(0, 117)}...` : value);
export const statusOf = (r) =>
  REDIRECTS.includes(r.status) ? `${r.status} (a redirect to ${r.headers.get('location') ?? 'nowhere'})` : String(r.status);

/** GET one path: { url, status, headers, body } or { url, error }. Never throws. */
export async function get(base, path, headers = {}) {
  const url = base + path;
  try {
    const res = await fetch(url, {
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: { 'User-Agent': USER_AGENT, ...headers },
    });
    const body = await res.text();
    return { url, status: res.status, headers: res.headers, body };
  } catch (error) {
    const reason =
      error?.name === 'TimeoutError'
        ? `no answer within ${TIMEOUT_MS / 1000} s`
        : `${error?.message ?? error}${error?.cause ? ` (${error.cause.code ?? error.cause.message ?? error.cause})` : ''}`;
    return { url, error: `could not reach ${url}: ${reason}` };
  }
}

/** A form post as a browser without the bot check would send it (JSON, answered in JSON). */
export async function post(base, path, data) {
  const url = base + path;
  try {
    const res = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: { 'User-Agent': USER_AGENT, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(data),
    });
    return { url, status: res.status, headers: res.headers, body: await res.text() };
  } catch (error) {
    return {
      url,
      error: `could not reach ${url}: ${error?.name === 'TimeoutError' ? `no answer within ${TIMEOUT_MS / 1000} s` : (error?.message ?? error)}`,
    };
  }
}

/** One check's result: ok when `problems` is empty; the detail says what was expected and what came back. */
export function result(name, response, problems, okDetail = '') {
  if (response.error) return { name, ok: false, detail: response.error };
  const list = problems.filter(Boolean);
  return { name, ok: list.length === 0, detail: list.length ? list.join('; ') : okDetail };
}
