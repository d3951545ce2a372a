import { env } from 'cloudflare:test';
import { beforeEach } from 'vitest';
import manifest from '../../dist/manifest.json';
import links from '../../scripts/short-links.json';
import type { Bindings } from '../../worker/env';
import { loadSiteData } from '../../worker/platform/site-data';
import { FIXTURE_CONTENT } from '../fixtures/fixtures';

// These tests read the tests' own content, never the association's: `npm run test:worker` builds it first.
if (manifest.content !== FIXTURE_CONTENT) {
  throw new Error(`dist/ was built from ${manifest.content}/, not ${FIXTURE_CONTENT}/: run \`npm run test:worker\`, which builds it`);
}

// The content and messages, from the [site] bucket's data file as the Worker reads them (onDemand): the tests
// import content/index.ts and client/i18n.ts, whose `#build/data.js` is the Worker's (vitest.config.ts).
await loadSiteData(env as Bindings);

// Every test starts with the default short links in KV, as `wrangler dev` does.
beforeEach(async () => {
  await Promise.all(Object.entries(links).map(([slug, target]) => env.SHORT_LINKS.put(slug, target)));
});
