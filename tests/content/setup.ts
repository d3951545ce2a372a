import { env } from 'cloudflare:test';
import { beforeEach } from 'vitest';
import manifest from '../../dist/manifest.json';
import links from '../../scripts/short-links.json';
import type { Bindings } from '../../worker/env';
import { loadSiteData } from '../../worker/platform/site-data';

// The association's content, not the tests' fixtures: `npm run test:content` builds it first.
if (manifest.content !== 'content') {
  throw new Error(`dist/ was built from ${manifest.content}/, not content/: run \`npm run test:content\`, which builds it`);
}

// The content and messages from the [site] bucket's data file, as the Worker reads them (vitest.config.ts).
await loadSiteData(env as Bindings);

// The default short links, as a deployed site has them: pages may link to them.
beforeEach(async () => {
  await Promise.all(Object.entries(links).map(([slug, target]) => env.SHORT_LINKS.put(slug, target)));
});
