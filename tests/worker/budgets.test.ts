import { describe, expect, it } from 'vitest';
import budgets from '../../bench/budgets.json';
import { fillPath } from '../../client/paths';
import { routes } from '../../client/routes';
import { jobs, news } from '../../content/index.ts';
import { getAs } from './helpers';

// What each page makes a browser download, gzip, against bench/budgets.json.
// Sizes only: timings belong to `npm run bench`, never to a test.

async function gzipSize(body: ArrayBuffer): Promise<number> {
  const stream = new Response(body).body!.pipeThrough(new CompressionStream('gzip'));
  return (await new Response(stream).arrayBuffer()).byteLength;
}

const assetSizes = new Map<string, Promise<number>>();
function assetSize(url: string): Promise<number> {
  if (!assetSizes.has(url)) {
    assetSizes.set(
      url,
      getAs('fr', url).then(async (res) => {
        expect(res.status, url).toBe(200);
        return gzipSize(await res.arrayBuffer());
      }),
    );
  }
  return assetSizes.get(url)!;
}

const paths = routes.map((r) => fillPath(r.path, { name: jobs[0]!.id, id: news[0]!.id }));

describe('page weight budgets (gzip)', () => {
  it.each(paths)('%s stays within its JS, CSS and HTML budgets', async (path) => {
    const res = await getAs('fr', path);
    const html = await res.text();
    const scripts = new Set([
      ...[...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]!),
      ...[...html.matchAll(/data-module="([^"]+)"/g)].map((m) => m[1]!),
      ...[...html.matchAll(/data-preload="([^"]+)"/g)].flatMap((m) => m[1]!.split(' ')),
      ...[...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]!),
      ...[...html.matchAll(/<link[^>]*href="([^"]+)"[^>]*rel="modulepreload"/g)].map((m) => m[1]!),
    ]);
    const styles = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]!);
    const js = (await Promise.all([...scripts].map(assetSize))).reduce((a, b) => a + b, 0);
    const css = (await Promise.all(styles.map(assetSize))).reduce((a, b) => a + b, 0);
    const hasIslands = html.includes('data-island=');
    const jsBudget = hasIslands ? budgets.pageWithIslandsJs.budget : budgets.pageWithoutIslandsJs.budget;
    expect(js, `${path}: ${js} B of JS (${[...scripts].join(', ')})`).toBeLessThanOrEqual(jsBudget);
    expect(css, `${path}: ${css} B of CSS`).toBeLessThanOrEqual(budgets.css.budget);
    expect(await gzipSize(new TextEncoder().encode(html).buffer as ArrayBuffer), `${path}: HTML`).toBeLessThanOrEqual(budgets.html.budget);
    if (!hasIslands)
      expect(
        [...scripts].some((s) => /entry-|chunks\//.test(s)),
        `${path} loads React without an island`,
      ).toBe(false);
  });
});
