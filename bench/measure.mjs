// What `npm run bench` measures over HTTP: page weights, throughput
// (autocannon) and uncached latency.
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';

/** Concurrent connections of each throughput load. */
export const CONNECTIONS = 8;
/** The middle value, or the mean of the two middle ones. */
const median = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function gzipOf(url) {
  const res = await fetch(url, { headers: { Cookie: 'lang=fr' } });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return gzipSync(Buffer.from(await res.arrayBuffer())).length;
}

/** What a browser downloads for a page: the HTML, its stylesheets, and the modules it names or preloads. */
export async function pageWeight(base, page) {
  const res = await fetch(`${base}${page}`, { headers: { Cookie: `lang=${page.startsWith('/en') ? 'en' : 'fr'}` } });
  const html = await res.text();
  const scripts = new Set([
    ...[...html.matchAll(/data-module="([^"]+)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/data-preload="([^"]+)"/g)].flatMap((m) => m[1].split(' ')),
  ]);
  const styles = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
  const sum = async (urls) => (await Promise.all([...urls].map((u) => gzipOf(`${base}${u}`)))).reduce((a, b) => a + b, 0);
  return {
    page,
    html: gzipSync(Buffer.from(html)).length,
    css: await sum(styles),
    js: await sum(scripts),
    islands: html.includes('data-island='),
  };
}

export function load(url, duration) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration, headers: { Cookie: 'lang=fr' } }, (error, result) => {
      if (error) reject(error);
      else if (result.non2xx > 0 || result.errors > 0) reject(new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`));
      else resolve(result);
    });
  });
}

/** Median latency of uncached renders: a fresh query string each time bypasses the page cache. */
export async function uncachedLatency(base, runs) {
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const res = await fetch(`${base}/?bench=${i}`, { headers: { Cookie: 'lang=fr' } });
    await res.arrayBuffer();
    if (res.headers.get('x-page-cache') !== 'bypass') throw new Error('the uncached request was served from the cache');
    samples.push(performance.now() - start);
  }
  return median(samples);
}

/**
 * Throughput of the cached home page against the stylesheet's, in `rounds`
 * pairs run back to back, each pair in the other order than the last (page
 * first, then stylesheet first…): a drift of the machine's speed, or the
 * second load of a pair running warmer, weighs on both sides alike. The
 * ratio is the median of the pairs' ratios; the req/s are the means.
 */
export async function throughput(base, { rounds, duration }) {
  const html = await (await fetch(`${base}/`, { headers: { Cookie: 'lang=fr' } })).text();
  const cssUrl = html.match(/<link rel="stylesheet" href="([^"]+)"/)[1];
  await load(`${base}/`, 2); // warm both paths
  await load(`${base}${cssUrl}`, 2);
  const pairs = [];
  for (let round = 0; round < rounds; round++) {
    const pair = {};
    for (const side of round % 2 === 0 ? ['ssr', 'css'] : ['css', 'ssr']) {
      pair[side] = (await load(`${base}${side === 'ssr' ? '/' : cssUrl}`, duration)).requests.average;
    }
    pairs.push(pair);
  }
  const mean = (side) => pairs.reduce((sum, p) => sum + p[side], 0) / pairs.length;
  return { ssr: mean('ssr'), css: mean('css'), ratio: median(pairs.map((p) => p.ssr / p.css)), pairs: pairs.length };
}
