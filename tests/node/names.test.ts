import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Each name means one thing (issue 34): two modules of worker/, client/,
 * content/ or scripts/ that export the same name, or two files of the same
 * name, are two meanings a reader must tell apart by their folder. A module
 * that hands on another's export (`export { x } from`, or `import { x }` then
 * `export { x }`) declares nothing of its own. Only the conventions below may
 * repeat a name, because there it means the same thing each time.
 */
const root = path.resolve(import.meta.dirname, '../..');
const DIRS = ['worker', 'client', 'content', 'scripts'];

const sources = DIRS.flatMap((dir) =>
  (readdirSync(path.join(root, dir), { recursive: true }) as string[])
    .filter((f) => /\.(ts|tsx|mjs)$/.test(f) && !f.endsWith('.d.ts'))
    .map((f) => path.join(dir, f)),
);

/** A form's folder (client/forms/<name>/) holds the same parts under the same names as every other form's. */
const inFormFolder = (file: string) => /^client\/forms\/[^/]+\//.test(file);
/** The form whose folder holds the file. */
const formOf = (file: string) => /^client\/forms\/([^/]+)\//.exec(file)?.[1];
/** Every folder may have its index.ts: the folder's list or its entry. */
const isIndex = (file: string) => path.basename(file) === 'index.ts';
/**
 * Files of one name on purpose, each with why. The build's step that renders
 * the pages ahead (scripts/prerender.mjs) bundles and runs the Worker's entry
 * for it (worker/render/prerender.tsx): one thing, its two halves.
 */
const SAME_FILE_NAME = new Set(['prerender']);

const DECLARED =
  /^export\s+(?:default\s+)?(?:declare\s+)?(?:abstract\s+)?(?:async\s+)?(?:function\*?|const|let|var|class|interface|type|enum)\s+(\w+)/gm;
/** `export { a, b as c }` without `from`: the names it exports, but those the module imported (handed on). */
const LISTED = /^export\s+(?:type\s+)?\{([^}]*)\}(?!\s*from)/gm;

/** The names a module declares and exports itself. */
function exportedNames(text: string): string[] {
  const imported = new Set(
    [...text.matchAll(/^import\s+(?:type\s+)?\{([^}]*)\}\s*from/gm)].flatMap((m) => m[1]!.split(',').map(localName)),
  );
  const listed = [...text.matchAll(LISTED)].flatMap((m) => m[1]!.split(',').map(localName)).filter((n) => !imported.has(n));
  return [...[...text.matchAll(DECLARED)].map((m) => m[1]!), ...listed].filter(Boolean);
}

/** `x`, `type x`, `y as x` → the name the module uses: `x`. */
function localName(part: string): string {
  return part
    .replace(/^\s*type\s+/, '')
    .split(/\s+as\s+/)
    .pop()!
    .trim();
}

/**
 * Each name that more than one file holds, with its files, but a name only
 * forms' folders hold (each form's part of that name): one meaning.
 */
function repeated(byName: Map<string, string[]>): string[] {
  return [...byName]
    .map(([name, files]) => [name, [...new Set(files)]] as const)
    .filter(([, files]) => files.length > 1 && !(files.every(inFormFolder) && new Set(files.map(formOf)).size === files.length))
    .map(([name, files]) => `${name}: ${files.join(', ')} (rename one: each name means one thing; a form's part lives in its own folder)`);
}

function add(byName: Map<string, string[]>, name: string, file: string) {
  byName.set(name, [...(byName.get(name) ?? []), file]);
}

describe('each name means one thing', () => {
  it('no two modules of worker/, client/, content/ or scripts/ export the same name (but the same part of each form)', () => {
    const byName = new Map<string, string[]>();
    for (const file of sources) {
      for (const name of exportedNames(readFileSync(path.join(root, file), 'utf8'))) add(byName, name, file);
    }
    expect(repeated(byName)).toEqual([]);
  });

  it('no two files of worker/, client/, content/ or scripts/ share a name (but index.ts, and the same part of each form)', () => {
    const byName = new Map<string, string[]>();
    for (const file of sources.filter((f) => !isIndex(f))) {
      const name = path.basename(file).replace(/\.(tsx?|mjs)$/, '');
      if (!SAME_FILE_NAME.has(name)) add(byName, name, file);
    }
    expect(repeated(byName)).toEqual([]);
  });

  it('sees a repeated name: a module’s own, not one it hands on; a form’s part outside its folder', () => {
    const own = exportedNames(
      'import { a } from "./a";\nexport { a };\nexport { b as c } from "./b";\nconst d = 1;\nexport { d };\nexport type E = 1;',
    );
    expect(own).toEqual(['E', 'd']);
    const byName = new Map([
      ['Failure', ['client/forms/state.ts', 'worker/forms/mail.ts']],
      ['associationMail', ['client/forms/contact/emails.ts', 'client/forms/estimate/emails.ts']],
      ['schema', ['client/forms/contact/schema.ts', 'worker/forms/schema.ts']],
      ['sharedThing', ['client/forms/contact/schema.ts', 'client/forms/contact/emails.ts']],
    ]);
    const why = " (rename one: each name means one thing; a form's part lives in its own folder)";
    expect(repeated(byName)).toEqual([
      `Failure: client/forms/state.ts, worker/forms/mail.ts${why}`,
      `schema: client/forms/contact/schema.ts, worker/forms/schema.ts${why}`,
      `sharedThing: client/forms/contact/schema.ts, client/forms/contact/emails.ts${why}`,
    ]);
  });
});
