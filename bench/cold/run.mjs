// One cold start, in a fresh process:
//
//   node bench/cold/run.mjs <entry.js> <path> [--warm <n>] [--profile <prefix>]
//
// Evaluates the Worker (`import`), answers one GET of <path> (the first
// request), then, with --warm, <n> more GETs of the same path in the same
// process: each misses the page cache as the first did (the stub below
// always misses, no ETag is sent), so each does all an uncached request of
// a warm isolate does. Prints one line of JSON: wall and CPU time of the
// thread (`…Cpu`) in milliseconds, for the evaluation, the first request and
// the mean warm request; the status, the X-Page-Source header (`build`: a page
// rendered ahead; `request`: rendered for this request) and the body's length;
// `loaderCpu`, what Node's module loader alone costs to load one empty file.
// Spawned by bench/coldstart.mjs; --profile writes the V8 profiles of the
// evaluation and the first request to <prefix>.evaluation.cpuprofile and
// <prefix>.request.cpuprofile.
//
// Before the clock, what workerd gives every isolate ready-made is made
// ready here (warmPlatform): Node loads its fetch classes (undici), its
// console and its file system code lazily, on first use; workerd has them
// built in. ICU too: the first Intl formatter of a process costs 12-20 ms
// here, of an isolate in a process where ICU already ran 0.6 ms (measured
// with a worker thread). A workerd process runs many isolates, so its ICU is
// warm: it is warmed here with another locale and time zone than the site's,
// so each isolate's own share stays on the clock. The two stand-ins of
// load.mjs (the static manifest, workerd's text module; cloudflare:workers,
// built in) are loaded before the clock too.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { emptyKV, folderKV } from './load.mjs';

const [entry, pathname, ...options] = process.argv.slice(2);
const option = (name) => (options.includes(name) ? options[options.indexOf(name) + 1] : undefined);
const warmRuns = Number(option('--warm') ?? 0);
const profileFile = option('--profile');
const preload = option('--preload');

/** The thread's CPU time in milliseconds (user + system). */
const cpu = () => {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
};

async function warmFetchClasses() {
  const body = new ReadableStream({
    start: (c) => {
      c.enqueue(new TextEncoder().encode('x'));
      c.close();
    },
  });
  await new Response(body, { headers: new Headers({ 'X-A': 'b' }) }).text();
  await new Request('https://example.com/', { method: 'POST', body: new URLSearchParams('a=b') }).formData();
  new TextDecoder().decode(new Uint8Array([120]));
  new TransformStream();
  void AbortSignal.timeout;
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

async function warmPlatform() {
  await warmFetchClasses();
  await crypto.subtle.digest('SHA-256', new Uint8Array(1));
  crypto.randomUUID();
  new URL('https://example.com/?a=b').searchParams.get('a');
  new Intl.DateTimeFormat('de-DE', { timeZone: 'America/New_York', dateStyle: 'long', timeStyle: 'long' }).format(0);
  new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(1);
  new Intl.PluralRules('de-DE').select(1);
  // The console, which the Worker logs to (an object per event, worker/platform/log.ts), into
  // nothing: stdout carries this script's answer. Its formatting stays on the clock.
  const nowhere = new Writable({ write: (_chunk, _encoding, done) => done() });
  globalThis.console = new console.Console({ stdout: nowhere, stderr: nowhere });
  console.warn({ level: 'warn', event: 'bench.warm', at: new Date(0).toISOString() });
  // The file system code the [site] stand-in reads with (workerd's KV is a binding, read outside the isolate).
  await readFile(fileURLToPath(import.meta.url));
}

/** load.mjs's stand-ins of workerd's own modules, loaded ahead as workerd has them. Returns the static manifest (path -> key), if any. */
async function loadStandIns() {
  let manifest = {};
  for (const name of ['static-manifest.mjs', 'workers.mjs']) {
    const file = path.join(path.dirname(entry), name);
    if (!existsSync(file)) continue;
    const module = await import(pathToFileURL(file).href);
    if (name === 'static-manifest.mjs') manifest = JSON.parse(module.default);
  }
  return manifest;
}

/**
 * The [site] bucket: `folder` (load.mjs's KV over dist/public), with the
 * file `preload` (a path in it, the page's document) read before the clock.
 * workerd's KV binding hands a value's bytes over from outside the isolate;
 * Node's file system code would run in the very thread being measured. Each
 * get still copies the bytes, as a binding's answer is a new buffer.
 */
async function siteBucket(folder, manifest) {
  const key = preload && manifest[preload];
  if (!key) return folder;
  const bytes = await folder.get(key, 'arrayBuffer');
  if (bytes === null) throw new Error(`${preload}: not in the [site] bucket`);
  return {
    ...folder,
    get: (k, type) =>
      k === key && (type === 'arrayBuffer' || type?.type === 'arrayBuffer') ? Promise.resolve(bytes.slice(0)) : folder.get(k, type),
  };
}

/**
 * What Node's loader alone costs for one module file (resolved, read,
 * compiled, linked): an empty module beside the entry (bench/coldstart.mjs
 * writes two), the first loaded to warm the loader's own code. workerd holds
 * the uploaded modules in memory: the site's entry and its static chunks
 * (several files) pay this in Node each, the reference Workers (one file) once.
 */
async function loaderCost() {
  const [a, b] = ['empty-a.mjs', 'empty-b.mjs'].map((f) => path.join(path.dirname(entry), f));
  if (!existsSync(a) || !existsSync(b)) return undefined;
  await import(pathToFileURL(a).href);
  const before = cpu();
  await import(pathToFileURL(b).href);
  return cpu() - before;
}

// workerd's navigator: libraries read it to know where they run. zod, for
// one, compiles its object parsers with `new Function` anywhere else, which
// workerd forbids: without this, Node would time a compilation workerd never does.
Object.defineProperty(globalThis, 'navigator', { value: { userAgent: 'Cloudflare-Workers' }, configurable: true });

// What the Worker's bindings give it: no page in the edge cache, an empty KV.
globalThis.caches = { default: { match: async () => undefined, put: async () => {} }, open: async () => globalThis.caches.default };
const env = JSON.parse(process.env.COLD_ENV ?? '{}');
const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} };
// The page's own language, so that the first visit's language choice never redirects.
const language = pathname === '/en' || pathname.startsWith('/en/') ? 'en-GB,en;q=0.9' : 'fr-CH,fr;q=0.9';
const request = () =>
  new Request(`https://jeepfl.ch${pathname}`, {
    headers: { 'Accept-Language': language, 'User-Agent': 'Mozilla/5.0 (cold-start bench)' },
  });

await warmPlatform();
const manifest = await loadStandIns();
// No short link; the [site] bucket from COLD_PUBLIC (dist/public: the pages rendered ahead are read from it).
env.SHORT_LINKS = emptyKV;
env.__STATIC_CONTENT = process.env.COLD_PUBLIC ? await siteBucket(folderKV(process.env.COLD_PUBLIC), manifest) : emptyKV;
const loaderCpu = await loaderCost();

let session;
if (profileFile) {
  const { Session } = await import('node:inspector/promises');
  session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 50 });
  await session.post('Profiler.start');
}

/** With a profile file: the part's profile to `<file>.<part>.cpuprofile`, then a new one started. */
async function saveProfile(part) {
  if (!session) return;
  const { profile } = await session.post('Profiler.stop');
  const { writeFile } = await import('node:fs/promises');
  await writeFile(`${profileFile}.${part}.cpuprofile`, JSON.stringify(profile));
  await session.post('Profiler.start');
}

const [start, startCpu] = [performance.now(), cpu()];
const worker = (await import(pathToFileURL(entry).href)).default;
const [evaluated, evaluatedCpu] = [performance.now(), cpu()];
await saveProfile('evaluation');
const first = request();
const [requested, requestedCpu] = [performance.now(), cpu()];
const response = await worker.fetch(first, env, ctx);
// Its bytes, as workerd would pass them on: not decoded to text on the clock.
const body = await response.arrayBuffer();
const [done, doneCpu] = [performance.now(), cpu()];
await saveProfile('request');
if (session) await session.post('Profiler.stop');

// The warm requests, timed together: one reading of the thread's CPU over all of them.
const warmRequests = Array.from({ length: warmRuns }, request);
const [warmStart, warmStartCpu] = [performance.now(), cpu()];
for (const r of warmRequests) {
  const again = await worker.fetch(r, env, ctx);
  await again.arrayBuffer();
  if (again.status !== response.status) throw new Error(`${pathname}: ${again.status} warm, ${response.status} cold`);
}
const [warmEnd, warmEndCpu] = [performance.now(), cpu()];

process.stdout.write(
  JSON.stringify({
    status: response.status,
    source: response.headers.get('X-Page-Source'),
    bytes: body.byteLength,
    evaluation: evaluated - start,
    firstRequest: done - requested,
    evaluationCpu: evaluatedCpu - startCpu,
    firstRequestCpu: doneCpu - requestedCpu,
    ...(warmRuns > 0 ? { warm: (warmEnd - warmStart) / warmRuns, warmCpu: (warmEndCpu - warmStartCpu) / warmRuns } : {}),
    ...(loaderCpu === undefined ? {} : { loaderCpu }),
  }),
);
