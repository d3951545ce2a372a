import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import * as data from '#build/data.js';
import { content, team } from '../../content/index.ts';
import builtContent from '../../dist/content.json';
import dataFile from '../../dist/data-file.js';
import en from '../../locales/en.json';
import fr from '../../locales/fr.json';
import type { Bindings } from '../../worker/env';
import { heldSiteData, readSiteData } from '../../worker/platform/site-data';
import { staticKey } from '../../worker/platform/static-files';
import { pagesBuilt } from '../../worker/routes/pages/table';
import { getAs } from './helpers';

/**
 * The Worker's content and messages are a file of the [site] bucket, not
 * part of its bundle (docs/decisions/0017): these tests run the Worker's
 * source with the same swap (vitest.config.ts), the data loaded from the
 * test's bucket by tests/worker/setup.ts as onDemand(env) loads it.
 */

/** A bucket whose every read answers `value`. */
const answering = (value: string | null) => ({ get: async () => value }) as unknown as KVNamespace;

describe("the [site] bucket's data file", () => {
  it('is what the content and the messages are here, as in the Worker: the build’s content and locales/*.json', () => {
    // `#build/data.js` is the Worker's module (vitest.config.ts), whose content is the bucket's, as loaded.
    expect(data.content).toBe(heldSiteData().content);
    expect(content).toBe(data.content);
    expect(team).toBe(data.content.team);
    expect(content).toEqual(builtContent);
    expect(data.messages.fr()).toBe(heldSiteData().messages.fr);
    expect(data.messages.fr()).toEqual(fr);
    expect(data.messages.en()).toEqual(en);
  });

  it('is read from the bucket under the name the build gave it', async () => {
    expect(dataFile).toMatch(/^_data\/[0-9a-f]{32}\.json$/);
    const data = await readSiteData((env as Bindings).__STATIC_CONTENT);
    expect(data.content).toEqual(builtContent);
    expect(data.messages).toEqual({ fr, en });
  });

  it('says what is wrong when it is missing or unreadable', async () => {
    await expect(readSiteData(answering(null))).rejects.toThrow(
      new RegExp(
        `^The site's content and messages \\(${dataFile}, written by scripts/build.mjs\\) are not in the \\[site\\] bucket \\(key [^)]+\\): nothing can be rendered for a request until the build's files are uploaded \\(deploy again\\)$`,
      ),
    );
    await expect(readSiteData(answering('{"content":'))).rejects.toThrow(
      `The site's content and messages (${dataFile}, written by scripts/build.mjs) cannot be read as JSON (SyntaxError:`,
    );
  });

  it('is never served as a file, nor are the pages rendered ahead', async () => {
    const page = `_pages/${Object.values(Object.values(pagesBuilt.configs)[0]!)[0]![0]![2]}.html`;
    for (const file of [dataFile, page]) {
      expect(staticKey(file), file).toBeDefined();
      const path = `/${file}`;
      const res = await getAs('fr', path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('Content-Type'), path).toMatch(/^text\/html/);
    }
  });
});
