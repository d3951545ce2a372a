import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script without types
import { loadContent } from '../../scripts/content.mjs';
import { fixtureContentDir } from '../fixtures/fixtures';
import { problemsOf } from './content-problems';

// content/pricing.json: the translation pricer's rates, validated like every
// content file (content/collection-schema.ts) and listed as a sample until confirmed.
const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
let work: string;
/** A copy of content/, named content/ so that problems read `…/content/pricing.json: …`. */
let dir: string;
let file: string;
let original: Record<string, unknown>;

async function problemsWith(change: Record<string, unknown>): Promise<string[]> {
  await writeFile(file, JSON.stringify({ ...original, ...change }, null, 2));
  return problemsOf(dir);
}

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'content-pricing-'));
  dir = path.join(work, 'content');
  await cp(fixtureContentDir, dir, { recursive: true });
  file = path.join(dir, 'pricing.json');
  original = JSON.parse(await readFile(file, 'utf8'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

describe('the translation prices (pricing.json)', () => {
  it('is refused, with the file, the field and the reason, when a rate, a service or a language is wrong', async () => {
    const at = `${path.relative(root, dir)}/pricing.json`;
    expect(at).toMatch(/content\/pricing\.json$/);
    const perWord = original.perWord as Record<string, number>;
    await writeFile(
      file,
      JSON.stringify(
        { ...original, perWord: { ...perWord, proofreading: -0.07, translation: 0.2 }, quotedOnRequest: ['other', 'klingon'] },
        null,
        2,
      ),
    );
    // What `npm run content:check` (and so the build and the deploy) prints.
    const failed = await run(process.execPath, ['scripts/content-check.mjs', dir], { cwd: root }).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(failed).toMatchObject({ code: 1 });
    const stderr = (failed as { stderr: string }).stderr;
    expect(stderr).toContain('content/ has 3 problem(s)');
    expect(stderr).toContain(`${at}:6: perWord › proofreading: must be more than 0 CHF per word`);
    expect(stderr).toContain(
      `${at}:7: perWord: unknown service "translation" (the pricer's services: translation_proofreading, proofreading)`,
    );
    expect(stderr).toContain(`${at}:13: quotedOnRequest › #2: "klingon" is not a language of the pricer (fr, en, de, it, other)`);
  });

  it('bounds every number and names what is missing or unknown', async () => {
    const at = `${path.relative(root, dir)}/pricing.json`;
    const perWord = original.perWord as Record<string, number>;
    expect(await problemsWith({ perWord: { ...perWord, translation_proofreading: 10 } })).toEqual([
      `${at}:5: perWord › translation_proofreading: must be less than 10 CHF per word`,
    ]);
    expect(await problemsWith({ perWord: { ...perWord, proofreading: 0 } })).toEqual([
      `${at}:6: perWord › proofreading: must be more than 0 CHF per word`,
    ]);
    expect(await problemsWith({ perWord: { translation_proofreading: 0.18 } })).toEqual([
      `${at}:4: perWord › proofreading: is missing: every service needs its rate`,
    ]);
    expect(await problemsWith({ perWord: { ...perWord, proofreading: '0.07' } })).toEqual([
      `${at}:6: perWord › proofreading: must be a number of CHF, e.g. 0.18`,
    ]);
    expect(await problemsWith({ minimumPerLanguage: -1 })).toEqual([`${at}:8: minimumPerLanguage: must be 0 CHF or more`]);
    expect(await problemsWith({ rounding: 0.02 })).toEqual([`${at}:9: rounding: must be 0.01, 0.05, 0.1 or 1 (CHF)`]);
    expect(await problemsWith({ currency: 'EUR' })).toEqual([`${at}:3: currency: must be "CHF": the site shows amounts in Swiss francs`]);
    expect(await problemsWith({ quotedOnRequest: ['other', 'other'] })).toEqual([
      `${at}:12: quotedOnRequest › #2: "other" is listed twice`,
    ]);
    expect(await problemsWith({ vat: 0.081 })).toEqual([
      `${at}:13: "vat" is not a field here: remove it, or check the spelling (the fields are: sample, currency, perWord, minimumPerLanguage, rounding, quotedOnRequest)`,
    ]);
    // No minimum, several languages quoted by hand, rounding to the franc: all allowed.
    expect(await problemsWith({ minimumPerLanguage: 0, rounding: 1, quotedOnRequest: ['it', 'other'] })).toEqual([]);
  });

  it('is listed among the samples until the association confirms the prices', async () => {
    expect(original.sample).toBe(true);
    const at = `${path.relative(root, dir)}/pricing.json`;
    const { samples } = await loadContent({ dir });
    expect(samples).toContainEqual({ file: at, id: 'pricing' });
    const { stdout } = await run(process.execPath, ['scripts/content-check.mjs', dir], { cwd: root });
    expect(stdout).toContain(`  - ${at}  pricing\n`);

    // Confirmed (no `sample`, or `"sample": false`): no longer listed, and the rates are the content's.
    const { sample: _, ...confirmed } = original;
    await writeFile(file, JSON.stringify(confirmed, null, 2));
    const after = await loadContent({ dir });
    expect(after.samples.map((s: { file: string }) => s.file).filter((f: string) => f.endsWith('pricing.json'))).toEqual([]);
    expect(after.content.pricing).toEqual({ ...confirmed, sample: false });
  });
});
