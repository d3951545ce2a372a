import type * as built from '#build/data.js';
import { locales } from '#client/locales.ts';
import { heldSiteData } from '../platform/site-data';

/**
 * What `#build/data.js` is in the Worker's bundle (scripts/build-worker.mjs)
 * and in the Worker's tests (vitest.config.ts): dist/data.js's `content` and
 * `messages`, with the same types, taken from the data file of the [site]
 * bucket that onDemand(env) loaded before it imported the module that
 * imports this one (../platform/site-data.ts). So the bundle carries no content:
 * it grows with the code, not with each article the association publishes.
 * Node's renderer (the pages rendered ahead) keeps dist/data.js.
 */
const data = heldSiteData();

export const content: typeof built.content = data.content;

/** Each language's messages, as dist/data.js gives them: parsed already, with the content. */
export const messages = Object.fromEntries(locales.map((locale) => [locale, () => data.messages[locale]])) as typeof built.messages;
