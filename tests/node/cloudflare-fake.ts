// A fake Cloudflare API at the network boundary (the `fetch` that
// scripts/cloudflare-api.mjs calls), answering with the REST API's own
// shapes: the `{ success, errors, messages, result, result_info }` envelope,
// KV namespaces paged by `page`, keys paged by `cursor` with each key's
// `expiration` (seconds since 1970), values as raw bytes (404 and error 10009
// when missing or expired), bulk writes with `base64` and `expiration_ttl`,
// a Worker version with its `annotations`. It keeps time itself, so a test can
// let 30 days pass. `deploy` does what `wrangler deploy --old-asset-ttl` does
// to the Workers Sites namespace (wrangler's syncWorkersSite) and adds the
// version it makes. Shared by tests/node/keep-assets.test.ts and rollback.test.ts.
import { randomUUID } from 'node:crypto';
// @ts-expect-error: a plain .mjs script, without types
import { cloudflare as untypedCloudflare } from '../../scripts/cloudflare-api.mjs';
// @ts-expect-error: a plain .mjs script, without types
import { assetKey as untypedAssetKey } from '../../scripts/site-keys.mjs';

export interface Api {
  namespace(title: string, options?: { create?: boolean }): Promise<string | null>;
  keys(namespaceId: string): Promise<{ name: string; expiration?: number }[]>;
  value(namespaceId: string, key: string): Promise<Buffer | null>;
}
const cloudflare = untypedCloudflare as (o: { token: string; accountId: string; fetch: typeof fetch; base?: string }) => Api;
const assetKey = untypedAssetKey as (file: string, bytes: Buffer) => string;

export const TOKEN = 'cf-test-token';
export const ACCOUNT = '0123456789abcdef0123456789abcdef';
export const DAY = 24 * 60 * 60;
const BASE = 'https://api.cloudflare.com/client/v4';

interface Entry {
  value: Buffer;
  expiration?: number;
}
interface Namespace {
  id: string;
  title: string;
  keys: Map<string, Entry>;
}

export function fakeCloudflare({ namespacesBefore = 0 }: { namespacesBefore?: number } = {}) {
  let now = 1_900_000_000;
  const namespaces: Namespace[] = [];
  const versions = new Map<string, { script: string; version: object }>();
  const requests: { method: string; path: string; query: string }[] = [];
  /** Bulk writes as sent: key, whether base64, and the expiry asked for. */
  const bulkWrites: { key: string; base64?: boolean; expiration?: number; expiration_ttl?: number }[] = [];

  const addNamespace = (title: string) => {
    const ns = { id: randomUUID().replaceAll('-', ''), title, keys: new Map<string, Entry>() };
    namespaces.push(ns);
    return ns;
  };
  // Other namespaces of the account, so the one looked for is past the first page.
  for (let i = 0; i < namespacesBefore; i++) addNamespace(`AAA-other-${String(i).padStart(3, '0')}`);

  const live = (e: Entry | undefined) => e !== undefined && (e.expiration === undefined || e.expiration > now);
  const envelope = (result: unknown, extra: object = {}, status = 200) =>
    new Response(JSON.stringify({ success: true, errors: [], messages: [], result, ...extra }), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  const failure = (status: number, code: number, message: string) =>
    new Response(JSON.stringify({ success: false, errors: [{ code, message }], messages: [], result: null }), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  const expiryOf = (q: URLSearchParams | { expiration?: number; expiration_ttl?: number }) => {
    const get = (k: 'expiration' | 'expiration_ttl') => (q instanceof URLSearchParams ? q.get(k) : q[k]);
    const ttl = get('expiration_ttl');
    const at = get('expiration');
    if (ttl !== null && ttl !== undefined) {
      if (Number(ttl) < 60) throw new Error('expiration_ttl below 60 s');
      return now + Number(ttl);
    }
    return at === null || at === undefined ? undefined : Number(at);
  };

  const fakeFetch = (async (input: URL | string | Request, init: RequestInit = {}) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const method = init.method ?? 'GET';
    requests.push({ method, path: url.pathname, query: url.search });
    if (!url.href.startsWith(`${BASE}/`)) return failure(404, 7000, 'No route for that URI');
    if (new Headers(init.headers).get('Authorization') !== `Bearer ${TOKEN}`) return failure(403, 10000, 'Authentication error');
    const route = url.pathname.slice(new URL(BASE).pathname.length);
    if (route === '/accounts' && method === 'GET')
      return envelope([{ id: ACCOUNT, name: 'Association', type: 'standard' }], {
        result_info: { page: 1, per_page: 50, count: 1, total_count: 1 },
      });
    const acc = `/accounts/${ACCOUNT}`;
    if (!route.startsWith(`${acc}/`)) return failure(403, 10000, 'Authentication error');
    const rest = route.slice(acc.length);

    if (rest === '/storage/kv/namespaces' && method === 'GET') {
      const perPage = Number(url.searchParams.get('per_page') ?? 20);
      const page = Number(url.searchParams.get('page') ?? 1);
      const slice = namespaces.slice((page - 1) * perPage, page * perPage);
      return envelope(
        slice.map((n) => ({ id: n.id, title: n.title, supports_url_encoding: true })),
        {
          result_info: { page, per_page: perPage, count: slice.length, total_count: namespaces.length },
        },
      );
    }
    if (rest === '/storage/kv/namespaces' && method === 'POST') {
      const { title } = JSON.parse(String(init.body)) as { title: string };
      if (namespaces.some((n) => n.title === title))
        return failure(400, 10014, 'create namespace: a namespace with this account ID and title already exists');
      const ns = addNamespace(title);
      return envelope({ id: ns.id, title, supports_url_encoding: true });
    }
    const m = /^\/storage\/kv\/namespaces\/([0-9a-f]+)(\/keys|\/bulk|\/values\/(.+))$/.exec(rest);
    if (m) {
      const ns = namespaces.find((n) => n.id === m[1]);
      if (!ns) return failure(404, 10013, 'namespace not found');
      if (m[2] === '/keys' && method === 'GET') {
        const limit = Number(url.searchParams.get('limit') ?? 1000);
        const start = Number(url.searchParams.get('cursor') || 0);
        const names = [...ns.keys].filter(([, e]) => live(e)).sort(([a], [b]) => (a < b ? -1 : 1));
        const page = names.slice(start, start + limit);
        const next = start + limit < names.length ? String(start + limit) : '';
        return envelope(
          page.map(([name, e]) => ({ name, ...(e.expiration ? { expiration: e.expiration } : {}) })),
          { result_info: { count: page.length, cursor: next } },
        );
      }
      if (m[2] === '/bulk' && method === 'PUT') {
        const pairs = JSON.parse(String(init.body)) as {
          key: string;
          value: string;
          base64?: boolean;
          expiration?: number;
          expiration_ttl?: number;
        }[];
        if (pairs.length > 10_000) return failure(400, 10026, 'too many keys in a bulk request');
        for (const p of pairs) {
          bulkWrites.push({ key: p.key, base64: p.base64, expiration: p.expiration, expiration_ttl: p.expiration_ttl });
          ns.keys.set(p.key, { value: Buffer.from(p.value, p.base64 ? 'base64' : 'utf8'), expiration: expiryOf(p) });
        }
        return envelope({ successful_key_count: pairs.length, unsuccessful_keys: [] });
      }
      // A key travels as one path segment (`/` written %2F): a bare `/` is another address.
      if (m[3] === undefined || m[3].includes('/')) return failure(404, 7000, 'No route for that URI');
      const key = decodeURIComponent(m[3]);
      if (method === 'GET') {
        const e = ns.keys.get(key);
        if (!live(e)) return failure(404, 10009, "get: 'key not found'");
        return new Response(new Uint8Array(e!.value), { status: 200, headers: { 'Content-Type': 'application/octet-stream' } });
      }
      if (method === 'PUT') {
        const body = init.body instanceof Uint8Array ? Buffer.from(init.body) : Buffer.from(String(init.body));
        ns.keys.set(key, { value: body, expiration: expiryOf(url.searchParams) });
        return envelope({});
      }
    }
    const v = /^\/workers\/scripts\/([^/]+)\/versions\/([^/]+)$/.exec(rest);
    if (v && method === 'GET') {
      const found = versions.get(decodeURIComponent(v[2]!));
      if (!found || found.script !== decodeURIComponent(v[1]!)) return failure(404, 10007, 'This Worker version does not exist.');
      return envelope(found.version);
    }
    return failure(404, 7000, 'No route for that URI');
  }) as typeof fetch;

  const byTitle = (title: string) => namespaces.find((n) => n.title === title);
  const fake = {
    fetch: fakeFetch,
    requests,
    bulkWrites,
    api: () => cloudflare({ token: TOKEN, accountId: ACCOUNT, fetch: fakeFetch }),
    now: () => now,
    /** Lets time pass (expired keys disappear, as in KV). */
    advance(seconds: number) {
      now += seconds;
    },
    /** The namespace with this title, created with these entries (expiration: seconds from now). */
    seed(title: string, entries: Record<string, { value: string; expiresIn?: number }>) {
      const ns = byTitle(title) ?? addNamespace(title);
      for (const [key, e] of Object.entries(entries))
        ns.keys.set(key, { value: Buffer.from(e.value), expiration: e.expiresIn === undefined ? undefined : now + e.expiresIn });
      return ns;
    },
    /** A key as KV holds it now: its bytes and expiry, or undefined once expired. */
    entry(title: string, key: string) {
      const e = byTitle(title)?.keys.get(key);
      return live(e) ? e : undefined;
    },
    has: (title: string) => byTitle(title) !== undefined,
    /** A version of a Worker, as the versions API describes it; `tag` is `wrangler deploy --tag`. */
    addVersion(script: string, tag?: string) {
      const id = randomUUID();
      versions.set(id, {
        script,
        version: {
          id,
          number: versions.size + 1,
          metadata: {
            author_email: 'ci@example.org',
            author_id: 'abc',
            created_on: new Date(now * 1000).toISOString(),
            modified_on: new Date(now * 1000).toISOString(),
            source: 'wrangler',
          },
          annotations: { 'workers/triggered_by': tag ? 'upload' : 'secret', ...(tag ? { 'workers/tag': tag } : {}) },
          resources: { bindings: [], script: { etag: 'e', handlers: ['fetch', 'scheduled'] }, script_runtime: { usage_model: 'standard' } },
        },
      });
      return id;
    },
    /**
     * `wrangler deploy --old-asset-ttl <ttl> --tag <commit>` of a build whose
     * [site] bucket holds `files`, as wrangler's syncWorkersSite does it: new
     * keys uploaded without expiry, keys already there left as they are
     * (expiring or not), every other key given `ttl` unless it already
     * expires. Returns the new version's id.
     */
    deploy(script: string, files: Record<string, string | Buffer>, { tag, ttl = 30 * DAY }: { tag?: string; ttl?: number } = {}) {
      const ns = byTitle(`__${script}-workers_sites_assets`) ?? addNamespace(`__${script}-workers_sites_assets`);
      const keys = new Set<string>();
      for (const [file, bytes] of Object.entries(files)) {
        const key = assetKey(file, Buffer.from(bytes));
        keys.add(key);
        if (!live(ns.keys.get(key))) ns.keys.set(key, { value: Buffer.from(bytes) });
      }
      for (const [key, e] of ns.keys) if (!keys.has(key) && live(e) && !e.expiration) e.expiration = now + ttl;
      return fake.addVersion(script, tag);
    },
  };
  return fake;
}
