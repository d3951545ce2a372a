// The modules the site's code reads its data from, written by scripts/build.mjs
// into the build folder: the content and messages (data.js, for what runs the
// source in Node), each collection by its name (collections.js), and the
// drawings of the icons the pages use (icons.json), each with its types.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { escapeHtml } from '../client/escape.ts';
import { LOCALES } from '../content/ids.ts';

/**
 * A value as a module's JSON text, for what runs the source in Node (the pages
 * rendered ahead, scripts/prerender.mjs; tests and scripts): JSON text that
 * JSON.parse reads several times faster than V8 compiles and runs the same
 * object written as JavaScript (what a JSON import becomes). The Worker's
 * bundle reads the content and messages from a file of the [site] bucket
 * instead (scripts/build-worker.mjs), so its size does not grow with the content.
 */
export const jsonModule = (value) => `JSON.parse(${JSON.stringify(JSON.stringify(value))})`;

/** The messages of every language, as locales/*.json hold them. */
export async function readMessages(root) {
  return Object.fromEntries(
    await Promise.all(
      LOCALES.map(async (locale) => [locale, JSON.parse(await readFile(path.join(root, `locales/${locale}.json`), 'utf8'))]),
    ),
  );
}

/** content.json, data.js and collections.js, with their types, into `dist`. */
export async function writeDataModules({ dist, content, messages }) {
  await writeFile(path.join(dist, 'content.json'), `${JSON.stringify(content)}\n`);
  await writeFile(
    path.join(dist, 'data.js'),
    [
      "// Written by scripts/build.mjs: the site's content and messages (types: data.d.ts).",
      `export const content = ${jsonModule(content)};`,
      '// Each language is parsed when a page first needs it; its text stays at top level, read once.',
      ...LOCALES.map((locale) => `const ${locale} = ${JSON.stringify(JSON.stringify(messages[locale]))};`),
      `export const messages = { ${LOCALES.map((locale) => `${locale}: () => JSON.parse(${locale})`).join(', ')} };`,
      '',
    ].join('\n'),
  );
  await writeFile(
    path.join(dist, 'data.d.ts'),
    [
      '// Written by scripts/build.mjs with data.js.',
      '/** dist/content.json, checked by the build against the schemas of content/collections.ts, whose types it has. */',
      "export declare const content: import('../content/collections.ts').Content;",
      '/** locales/*.json, each parsed by its call. */',
      `export declare const messages: { ${LOCALES.map((locale) => `${locale}: () => typeof import('../locales/${locale}.json')`).join('; ')} };`,
      '',
    ].join('\n'),
  );
  // Each collection of the content (and the images) as a module export of its
  // own name, for content/index.ts to re-export: `import { team } from '#content/index.ts'`.
  const names = Object.keys(content);
  await writeFile(
    path.join(dist, 'collections.js'),
    [
      "// Written by scripts/build.mjs: each collection of data.js's content by its name (types: collections.d.ts).",
      // By its `#build/` name, not `./data.js`: the Worker's bundle (scripts/build-worker.mjs) and the tests that
      // run its source swap that one module for the content of the [site] bucket (worker/render/bucket-data.ts).
      "import { content } from '#build/data.js';",
      `export const { ${names.join(', ')} } = content;`,
      '',
    ].join('\n'),
  );
  await writeFile(
    path.join(dist, 'collections.d.ts'),
    [
      '// Written by scripts/build.mjs with collections.js.',
      "import type { Content } from '../content/collections.ts';",
      ...names.map((name) => `export declare const ${name}: Content['${name}'];`),
      '',
    ].join('\n'),
  );
}

/**
 * The lucide icons the pages draw, as SVG markup (client/components/icons.ts):
 * drawn here once, so neither lucide-react nor a second React renderer is in
 * the Worker.
 */
export async function writeIcons(dist) {
  const { LUCIDE_ICONS } = await import('../client/components/lucide.ts');
  const drawings = {};
  for (const name of LUCIDE_ICONS) {
    const { __iconData } = await import(`lucide-react/icons/${name}`);
    const attributes = (attrs) =>
      Object.entries(attrs)
        .filter(([k]) => k !== 'key')
        .map(([k, v]) => ` ${k}="${escapeHtml(String(v))}"`)
        .join('');
    drawings[name] = __iconData.node.map(([tag, attrs]) => `<${tag}${attributes(attrs)}></${tag}>`).join('');
  }
  await writeFile(path.join(dist, 'icons.json'), `${JSON.stringify(drawings, null, 2)}\n`);
}
