// The few Cloudflare API calls of keep-assets (scripts/keep-assets.mjs) and
// the rollback (scripts/rollback.mjs): Workers KV (namespaces, keys with their
// expiry, values, bulk writes) and one Worker version. Node's own fetch, over
// Cloudflare's REST API (https://developers.cloudflare.com/api/): many small
// reads that would each cost a start of wrangler (2-3 s), and one client the
// tests fake at the network boundary (tests/node/cloudflare-fake.ts).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Cloudflare's API; CLOUDFLARE_API_BASE_URL (the variable wrangler reads too) can point elsewhere. */
export const API_BASE = 'https://api.cloudflare.com/client/v4';

/** Bulk writes: Cloudflare takes 10,000 pairs and 100 MB a request; base64 makes values a third larger. */
const BULK_KEYS = 10_000;
const BULK_BYTES = 50 * 1024 * 1024;

/** Cloudflare's own words for a refused call (its `errors`), with what was asked. */
export class CloudflareError extends Error {
  constructor(what, status, errors) {
    const said = (errors ?? []).map((e) => `${e.message}${e.code ? ` [code: ${e.code}]` : ''}`).join('; ');
    super(`Cloudflare answered ${status} to ${what}${said ? `: ${said}` : ''}`);
    this.status = status;
  }
}

/**
 * The two halves of every call: `call(method, pathname, { query, body, json })`
 * sends it with the token, `result(res, what, { missing })` reads the envelope.
 */
function requester({ token, fetch, base }) {
  const call = (method, pathname, { query, body, json } = {}) => {
    const url = new URL(`${base}${pathname}`);
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== '') url.searchParams.set(k, String(v));
    return fetch(url, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        'User-Agent': 'jeepfl-website-scripts',
        ...(json !== undefined ? { 'Content-Type': 'application/json' } : {}),
      },
      ...(json !== undefined ? { body: JSON.stringify(json) } : body !== undefined ? { body } : {}),
    });
  };
  /** The envelope's result, or a CloudflareError; `null` for a 404 when `missing` allows it. */
  const result = async (res, what, { missing = false } = {}) => {
    if (missing && res.status === 404) return { result: null };
    const envelope = await res.json().catch(() => null);
    if (!res.ok || !envelope?.success) throw new CloudflareError(what, res.status, envelope?.errors);
    return envelope;
  };
  return { call, result };
}

/** The account's KV namespaces, found by title. */
function namespaceCalls({ call, result }, account) {
  /** Every KV namespace of the account, `{ id, title }`, 100 a page. */
  async function namespaces() {
    const all = [];
    for (let page = 1; ; page++) {
      const { result: list } = await result(
        await call('GET', `${account}/storage/kv/namespaces`, { query: { per_page: 100, page } }),
        'the list of KV namespaces',
      );
      all.push(...list);
      if (list.length < 100) return all;
    }
  }
  return {
    namespaces,

    /** The id of the namespace with this title; created when `create` and there is none, otherwise null. */
    async namespace(title, { create = false } = {}) {
      const found = (await namespaces()).find((n) => n.title === title);
      if (found) return found.id;
      if (!create) return null;
      const { result: made } = await result(
        await call('POST', `${account}/storage/kv/namespaces`, { json: { title } }),
        `the creation of the KV namespace "${title}"`,
      );
      return made.id;
    },
  };
}

/** The keys and values of a namespace. */
function kvCalls({ call, result }, account) {
  const kv = (namespaceId) => `${account}/storage/kv/namespaces/${namespaceId}`;
  // Keys hold `/` (assets/site-….css): one path segment each, as wrangler sends them.
  const value = (namespaceId, key) => `${kv(namespaceId)}/values/${encodeURIComponent(key)}`;
  return {
    /** Every key of a namespace, `{ name, expiration? }` (seconds since 1970), 1,000 a page. */
    async keys(namespaceId) {
      const all = [];
      let cursor;
      do {
        const envelope = await result(await call('GET', `${kv(namespaceId)}/keys`, { query: { limit: 1000, cursor } }), 'the list of keys');
        all.push(...envelope.result);
        cursor = envelope.result_info?.cursor;
      } while (cursor);
      return all;
    },

    /** A value's bytes, or null when the key does not exist (or has expired). */
    async value(namespaceId, key) {
      const res = await call('GET', value(namespaceId, key));
      if (res.status === 404) return null;
      if (!res.ok) await result(res, `the reading of ${key}`);
      return Buffer.from(await res.arrayBuffer());
    },

    /** Writes one value, with no expiry. */
    async put(namespaceId, key, bytes) {
      await result(await call('PUT', value(namespaceId, key), { body: bytes }), `the writing of ${key}`);
    },

    /**
     * Writes values in as few requests as Cloudflare allows, none with an
     * expiry (a write without one clears the one the key had). Throws if
     * Cloudflare says any key was not written.
     */
    async bulkPut(namespaceId, entries) {
      let batch = [];
      let size = 0;
      const flush = async () => {
        if (batch.length === 0) return;
        const { result: done } = await result(await call('PUT', `${kv(namespaceId)}/bulk`, { json: batch }), 'a bulk write');
        const failed = done?.unsuccessful_keys ?? [];
        if (failed.length > 0) throw new Error(`Cloudflare did not write ${failed.length} key(s): ${failed.slice(0, 5).join(', ')}`);
        batch = [];
        size = 0;
      };
      for (const { key, bytes } of entries) {
        const encoded = bytes.toString('base64');
        if (batch.length === BULK_KEYS || size + encoded.length > BULK_BYTES) await flush();
        batch.push({ key, value: encoded, base64: true });
        size += encoded.length;
      }
      await flush();
    },
  };
}

/**
 * One Cloudflare account through its API token. `fetch` is the network
 * boundary (the tests' fake Cloudflare). Every answer is Cloudflare's
 * envelope, `{ success, errors, messages, result, result_info }`, except a
 * KV value, which is its raw bytes.
 */
export function cloudflare({ token, accountId, fetch = globalThis.fetch, base = API_BASE }) {
  const account = `/accounts/${accountId}`;
  const requests = requester({ token, fetch, base });
  return {
    accountId,
    ...namespaceCalls(requests, account),
    ...kvCalls(requests, account),

    /** One version of a Worker (`annotations['workers/tag']` is the commit it was deployed from), or null. */
    async version(scriptName, versionId) {
      const { result: version } = await requests.result(
        await requests.call(
          'GET',
          `${account}/workers/scripts/${encodeURIComponent(scriptName)}/versions/${encodeURIComponent(versionId)}`,
        ),
        `the question about version ${versionId}`,
        { missing: true },
      );
      return version;
    },
  };
}

/** `wrangler auth token`: the token of this machine's `wrangler login` (refreshed if needed), or null. */
function wranglerLoginToken() {
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/wrangler/bin/wrangler.js'), 'auth', 'token'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const token = r.status === 0 ? r.stdout.trim().split('\n').at(-1)?.trim() : '';
  return token || null;
}

/**
 * The account this shell works on, as wrangler would choose it: the token in
 * CLOUDFLARE_API_TOKEN (the pipeline) or this machine's `wrangler login`; the
 * account in CLOUDFLARE_ACCOUNT_ID, or the only one the token reaches
 * (docs/deploy.md, step 5).
 */
export async function cloudflareFromEnv({ env = process.env, fetch = globalThis.fetch, loginToken = wranglerLoginToken } = {}) {
  const base = env.CLOUDFLARE_API_BASE_URL || API_BASE;
  const token = env.CLOUDFLARE_API_TOKEN || loginToken();
  if (!token) throw new Error('no CLOUDFLARE_API_TOKEN, and wrangler is not logged in on this machine: `npx wrangler login` first');
  let accountId = env.CLOUDFLARE_ACCOUNT_ID;
  if (!accountId) {
    const res = await fetch(new URL(`${base}/accounts?per_page=50`), { headers: { Authorization: `Bearer ${token}` } });
    const envelope = await res.json().catch(() => null);
    if (!res.ok || !envelope?.success) throw new CloudflareError('the list of accounts', res.status, envelope?.errors);
    if (envelope.result.length !== 1)
      throw new Error(
        `this login reaches ${envelope.result.length} Cloudflare accounts: say which one, \`export CLOUDFLARE_ACCOUNT_ID=<id>\` (docs/deploy.md, step 5)`,
      );
    accountId = envelope.result[0].id;
  }
  return cloudflare({ token, accountId, fetch, base });
}
