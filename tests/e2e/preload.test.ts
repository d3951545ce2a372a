import type { Route } from 'playwright-core';
import { expect, it } from 'vitest';
import { open, useBrowser } from './browser';

// At most 4 route preloads at once. The page's own boot script runs
// on a page of eight preloads whose answers the test holds back.

const browser = useBrowser();

it('the boot script preloads at most 4 chunks at once, starting the next as each one arrives', async () => {
  const { page, context } = await open(browser());
  const home = await (await context.request.get('/')).text();
  const boot = /<script type="module">(.*?)<\/script>/s.exec(home)![1]!;
  const chunks = Array.from({ length: 8 }, (_, i) => `/__chunk-${i}.js`);
  await page.route('**/__preload', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body:
        `<!doctype html><html lang="fr"><head><script type="module">${boot}</script></head>` +
        `<body><p>Une page de test.</p><div data-preload="${chunks.join(' ')}"></div></body></html>`,
    }),
  );
  const held: Route[] = [];
  const requested: string[] = [];
  await page.route('**/__chunk-*.js', (route) => {
    requested.push(new URL(route.request().url()).pathname);
    held.push(route);
  });
  const release = () => held.shift()!.fulfill({ contentType: 'text/javascript', body: 'export {};' });

  await page.goto('/__preload');
  await expect.poll(() => requested.length).toBe(4);
  expect(requested).toEqual(chunks.slice(0, 4));
  await release();
  await expect.poll(() => requested.length).toBe(5);
  expect(held).toHaveLength(4);
  while (held.length > 0 || requested.length < 8) {
    if (held.length > 0) await release();
    else await expect.poll(() => held.length).toBeGreaterThan(0);
  }
  expect(requested).toEqual(chunks);
  await context.close();
});
