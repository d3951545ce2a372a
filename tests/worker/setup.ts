import { env } from 'cloudflare:test';
import { beforeEach } from 'vitest';
import manifest from '../../dist/manifest.json';
import links from '../../scripts/short-links.json';
import { FIXTURE_CONTENT } from '../fixtures/fixtures';

// These tests read the tests' own content, never the association's: `npm run test:worker` builds it first.
if (manifest.content !== FIXTURE_CONTENT) {
  throw new Error(`dist/ was built from ${manifest.content}/, not ${FIXTURE_CONTENT}/: run \`npm run test:worker\`, which builds it`);
}

// Every test starts with the default short links in KV, as `wrangler dev` does.
beforeEach(async () => {
  await Promise.all(Object.entries(links).map(([slug, target]) => env.SHORT_LINKS.put(slug, target)));
});
