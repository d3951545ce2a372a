import { env } from 'cloudflare:test';
import { beforeEach } from 'vitest';
import links from '../../scripts/short-links.json';

// Every test starts with the default short links in KV, as `wrangler dev` does.
beforeEach(async () => {
  await Promise.all(Object.entries(links).map(([slug, target]) => env.SHORT_LINKS.put(slug, target)));
});
