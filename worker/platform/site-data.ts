import type * as built from '#build/data.js';
import dataFile from '#build/data-file.js';
import { staticKey } from './static-files';

/**
 * The site's content and messages, as the Worker reads them: not in its
 * bundle (which stays code, whatever the association publishes) but in one
 * JSON file of the [site] bucket that the build names by its hash
 * (`_data/<hash>.json`, scripts/build-worker.mjs; `#build/data-file.js` holds
 * the name). `onDemand(env)` (./on-demand-loader.ts) reads it here before it loads
 * the on-demand module, whose `#build/data.js` is ../render/bucket-data.ts:
 * it takes its `content` and `messages` from what this module holds. A page
 * rendered ahead never reads it (docs/decisions/0017).
 */
export interface SiteData {
  content: typeof built.content;
  messages: { [L in keyof typeof built.messages]: ReturnType<(typeof built.messages)[L]> };
}

/** The folder of the bucket that holds the Worker's data: never served as files (routes/assets.ts). */
export const DATA_FOLDER = '_data/';

/** The bindings it is read from: a request's, the cron's and the outbox's Durable Object's alike. */
export interface SiteBucket {
  __STATIC_CONTENT: Pick<KVNamespace, 'get'>;
}

let held: SiteData | undefined;

/** Says what is wrong with the data file, for the log: the Worker cannot render without it. */
class SiteDataError extends Error {
  constructor(problem: string) {
    super(
      `The site's content and messages (${dataFile}, written by scripts/build.mjs) ${problem}: nothing can be rendered for a request until the build's files are uploaded (deploy again)`,
    );
    this.name = 'SiteDataError';
  }
}

/**
 * The data file from the bucket, parsed; throws a SiteDataError that says
 * what is wrong. Its name is the hash of its bytes: a file that is there is
 * the one the build wrote.
 */
export async function readSiteData(bucket: SiteBucket['__STATIC_CONTENT']): Promise<SiteData> {
  const key = staticKey(dataFile);
  if (key === undefined) throw new SiteDataError("are not in this Worker's list of static files");
  const text = await bucket.get(key, 'text');
  if (text === null) throw new SiteDataError(`are not in the [site] bucket (key ${key})`);
  try {
    return JSON.parse(text) as SiteData;
  } catch (error) {
    throw new SiteDataError(`cannot be read as JSON (${String(error)})`);
  }
}

/** Reads the data file once per isolate and holds it; a failed read is not kept (the next call reads again). */
export async function loadSiteData(env: SiteBucket): Promise<void> {
  held ??= await readSiteData(env.__STATIC_CONTENT);
}

/** The data loadSiteData holds; throws if it has not run (the on-demand module was imported without onDemand(env)). */
export function heldSiteData(): SiteData {
  if (!held) throw new Error("The site's content is read before it was loaded: load the on-demand module through onDemand(env)");
  return held;
}
