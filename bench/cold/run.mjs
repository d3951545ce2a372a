// One cold start, in a fresh process: `node bench/cold/run.mjs <bundle.mjs> <path> [profile-prefix]`.
// Prints {"evaluation","firstRequest"} in milliseconds of wall time, and the
// same in CPU time of the thread that runs the Worker ("…Cpu"). Spawned by
// bench/coldstart.mjs (`npm run bench:cold -- --profile` writes the profile
// of the timed part: evaluation and first request, nothing else).
//
// Node loads its fetch classes (undici) lazily, on first use; workerd has them
// built in. So everything a request touches is used once before the clock.
// ICU too: the first Intl formatter of a process costs 12-20 ms here, of an
// isolate in a process where ICU already ran 0.6 ms (measured with a worker
// thread). A workerd process runs many isolates, so its ICU is warm: it is
// warmed here with another locale and time zone than the site's, so each
// isolate's own share stays on the clock.
import { pathToFileURL } from 'node:url';
import { emptyKV, folderKV } from './load.mjs';

const [bundle, pathname, profileFile] = process.argv.slice(2);

async function warmPlatform() {
  const body = new ReadableStream({
    start: (c) => {
      c.enqueue(new TextEncoder().encode('x'));
      c.close();
    },
  });
  await new Response(body, { headers: new Headers({ 'X-A': 'b' }) }).text();
  await new Request('https://example.com/', { method: 'POST', body: new URLSearchParams('a=b') }).formData();
  new TextDecoder().decode(new Uint8Array([120]));
  await crypto.subtle.digest('SHA-256', new Uint8Array(1));
  crypto.randomUUID();
  new URL('https://example.com/?a=b').searchParams.get('a');
  new TransformStream();
  void AbortSignal.timeout;
  new Intl.DateTimeFormat('de-DE', { timeZone: 'America/New_York', dateStyle: 'long', timeStyle: 'long' }).format(0);
  new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(1);
  new Intl.PluralRules('de-DE').select(1);
  // What a response goes through on its way out (headers set, appended, read and
  // deleted; a body read whole, or passed on as a stream; a response remade from
  // another), as workerd's built-in classes do natively and Node's undici in JavaScript.
  const headers = new Headers({ 'Content-Type': 'text/plain' });
  headers.set('X-B', 'c');
  headers.append('Vary', 'd');
  headers.has('X-B');
  headers.get('X-B');
  headers.delete('X-B');
  for (const _ of headers);
  const first = new Response(new Uint8Array([120]), { status: 200, headers });
  first.headers.set('X-C', 'd');
  const again = new Response(first.body, first);
  await new Response(await again.clone().arrayBuffer(), again).arrayBuffer();
  await new Response(new Response('x').body).text();
  const request = new Request('https://example.com/a?b=c', { headers: { 'X-D': 'e', Cookie: 'f=g' }, redirect: 'manual' });
  request.headers.get('x-d');
  request.headers.has('cookie');
  for (const _ of request.headers.entries());
  void [request.url, request.method, request.signal];
  const url = new URL(request.url);
  void [url.pathname, url.search, url.origin, url.hostname, url.searchParams.get('b')];
  for (const _ of new URLSearchParams('a=b').keys());
  // A body from a store (an ArrayBuffer), answered, copied, read back, and its headers copied; a Set-Cookie appended.
  const stored = await new Response(new Uint8Array([120, 121])).arrayBuffer();
  const answer = new Response(stored, { status: 200, headers: { 'Content-Type': 'text/html', 'Content-Language': 'fr' } });
  const copy = new Headers(answer.headers);
  copy.set('ETag', '"x"');
  copy.getSetCookie();
  copy.append('Set-Cookie', 'a=b');
  await new Response(await answer.arrayBuffer(), { status: 200, headers: copy }).text();
  await crypto.subtle.digest('SHA-256', stored);
}

// workerd's navigator: libraries read it to know where they run. zod, for
// one, compiles its object parsers with \`new Function\` anywhere else, which
// workerd forbids: without this, Node would time a compilation workerd never does.
Object.defineProperty(globalThis, 'navigator', { value: { userAgent: 'Cloudflare-Workers' }, configurable: true });

// What the Worker's bindings give it: no page in the edge cache, an empty KV.
globalThis.caches = { default: { match: async () => undefined, put: async () => {} }, open: async () => globalThis.caches.default };
// No short link; the [site] bucket from COLD_PUBLIC (dist/public: the pages rendered ahead are read from it).
const env = JSON.parse(process.env.COLD_ENV ?? '{}');
Object.assign(env, { SHORT_LINKS: emptyKV, __STATIC_CONTENT: process.env.COLD_PUBLIC ? folderKV(process.env.COLD_PUBLIC) : emptyKV });
const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} };

await warmPlatform();
const request = new Request(`https://jeepfl.ch${pathname}`, {
  headers: { 'Accept-Language': 'fr-CH,fr;q=0.9', 'User-Agent': 'Mozilla/5.0 (cold-start bench)' },
});
const url = pathToFileURL(bundle).href;

let session;
if (profileFile) {
  const { Session } = await import('node:inspector/promises');
  session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 50 });
  await session.post('Profiler.start');
}

/** With a profile file: the evaluation's profile goes to `<file>.evaluation.cpuprofile`, the request's to `<file>.request.cpuprofile`. */
async function saveProfile(part) {
  if (!session) return;
  const { profile } = await session.post('Profiler.stop');
  const { writeFile } = await import('node:fs/promises');
  await writeFile(`${profileFile}.${part}.cpuprofile`, JSON.stringify(profile));
  await session.post('Profiler.start');
}

const cpu = () => {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
};
const [start, startCpu] = [performance.now(), cpu()];
const worker = (await import(url)).default;
const [evaluated, evaluatedCpu] = [performance.now(), cpu()];
await saveProfile('evaluation');
const [requested, requestedCpu] = [performance.now(), cpu()];
const response = await worker.fetch(request, env, ctx);
const html = await response.text();
const [done, doneCpu] = [performance.now(), cpu()];
await saveProfile('request');
if (response.status !== 200 && !process.env.COLD_ANY) throw new Error(`${pathname}: ${response.status} ${html.slice(0, 200)}`);
process.stdout.write(
  JSON.stringify({
    evaluation: evaluated - start,
    firstRequest: done - requested,
    evaluationCpu: evaluatedCpu - startCpu,
    firstRequestCpu: doneCpu - requestedCpu,
    bytes: html.length,
  }),
);
