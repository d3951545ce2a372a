import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Each name means one thing (issue 34): two modules of worker/, client/ or
 * content/ that export the same name, or two files of the same name, are two
 * meanings a reader must tell apart by their folder. Only the conventions
 * below may repeat a name, because there it means the same thing each time.
 */
const root = path.resolve(import.meta.dirname, '../..');
const DIRS = ['worker', 'client', 'content'];

const sources = DIRS.flatMap((dir) =>
  (readdirSync(path.join(root, dir), { recursive: true }) as string[])
    .filter((f) => /\.(ts|tsx)$/.test(f) && !f.endsWith('.d.ts'))
    .map((f) => path.join(dir, f)),
);

/** A form's folder (client/forms/<name>/) holds the same parts under the same names as every other form's. */
const inFormFolder = (file: string) => /^client\/forms\/[^/]+\//.test(file);
/** Every folder may have its index.ts: the folder's list or its entry. */
const isIndex = (file: string) => path.basename(file) === 'index.ts';
/** The editor's own code (client/cms/) speaks Decap's names, in a bundle of its own that no page loads. */
const inEditor = (file: string) => file.startsWith('client/cms/');

const EXPORT = /^export\s+(?:default\s+)?(?:declare\s+)?(?:async\s+)?(?:function\*?|const|let|class|interface|type|enum)\s+(\w+)/gm;

function repeated(byName: Map<string, string[]>) {
  return [...byName].filter(([, files]) => new Set(files).size > 1).map(([name, files]) => `${name}: ${[...new Set(files)].join(', ')}`);
}

describe('each name means one thing', () => {
  it('no two modules of worker/, client/ or content/ export the same name (but a form’s parts, in its own folder)', () => {
    const byName = new Map<string, string[]>();
    for (const file of sources.filter((f) => !inEditor(f))) {
      for (const m of readFileSync(path.join(root, file), 'utf8').matchAll(EXPORT)) {
        if (inFormFolder(file)) continue;
        byName.set(m[1]!, [...(byName.get(m[1]!) ?? []), file]);
      }
    }
    expect(repeated(byName)).toEqual([]);
  });

  it('no two files of worker/, client/ or content/ share a name (but index.ts, and a form’s parts in its own folder)', () => {
    const byName = new Map<string, string[]>();
    for (const file of sources.filter((f) => !inFormFolder(f) && !isIndex(f) && !inEditor(f))) {
      const name = path.basename(file).replace(/\.tsx?$/, '');
      byName.set(name, [...(byName.get(name) ?? []), file]);
    }
    expect(repeated(byName)).toEqual([]);
  });

  it('sees a repeated name: the rule above would catch two files exporting one', () => {
    const byName = new Map([['Failure', ['client/forms/state.ts', 'worker/forms/mail.ts']]]);
    expect(repeated(byName)).toEqual(['Failure: client/forms/state.ts, worker/forms/mail.ts']);
  });
});
