// Builds the site into dist/: content/ validated into dist/content.json (its
// images and job PDFs into dist/public), static/ copied to dist/public, islands
// and the entry code-split into content-hashed chunks, one hashed stylesheet,
// and dist/manifest.json which the Worker reads to preload each page's chunks.
// Run by `npm run build`, and by wrangler ([build] in wrangler.toml).
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { LOCALES } from '../content/ids.ts';
import { localDate } from '../content/lausanne.ts';
import { buildCms } from './build-cms.mjs';
import { buildWorker } from './build-worker.mjs';
import { ContentError, loadContent } from './content.mjs';
import { seededMarker, seedLocalShortLinks } from './links.mjs';
import { environmentVars, prerenderPages } from './prerender.mjs';

const root = path.resolve(import.meta.dirname, '..');
// Build beside dist/ and swap it in at the end, so a server reading dist/
// (wrangler dev's watcher) never sees it half-written.
// `--out <folder>` (inside the project) builds elsewhere than dist/: the bundle's budget test
// builds production's Worker there without touching the fixtures' build the other tests read.
const outFlag = process.argv.indexOf('--out');
const finalDist = path.resolve(root, outFlag === -1 ? 'dist' : (process.argv[outFlag + 1] ?? ''));
// It is emptied first: never the project itself, nor anything outside it.
if (
  path.relative(root, finalDist) === '' ||
  path.relative(root, finalDist).startsWith('..') ||
  path.isAbsolute(path.relative(root, finalDist))
) {
  console.error(`Build stopped: --out names a folder inside the project to build into (e.g. --out .dist-build-x), not ${finalDist}`);
  process.exit(2);
}
for (const kept of ['content', 'worker', 'client', 'locales', 'static', 'scripts', 'tests', 'docs', 'node_modules', '.git']) {
  if (finalDist === path.join(root, kept) || finalDist.startsWith(path.join(root, kept) + path.sep)) {
    console.error(`Build stopped: --out would empty ${kept}/: build into a folder of its own (e.g. --out .dist-build-x)`);
    process.exit(2);
  }
}
const outName = `.dist-build-${process.pid}`;
const dist = path.join(root, outName);
const pub = path.join(dist, 'public');

await rm(dist, { recursive: true, force: true });
await mkdir(pub, { recursive: true });
if (existsSync(path.join(root, 'static/assets'))) {
  throw new Error('static/assets/ is reserved for built, content-hashed files (served immutable): move those files elsewhere');
}
await cp(path.join(root, 'static'), pub, { recursive: true });

// The words and pictures: a wrong entry stops the build, naming file and field.
// Another folder than content/ with `--content <dir>` or CONTENT_DIR (the
// tests build their own fixtures, tests/fixtures/content/, never the
// association's content; wrangler's [build] passes only the environment).
const contentFlag = process.argv.indexOf('--content');
const contentDir = path.resolve(root, contentFlag === -1 ? (process.env.CONTENT_DIR ?? 'content') : process.argv[contentFlag + 1]);
let content, samples, warnings;
try {
  ({ content, samples, warnings } = await loadContent({ out: pub, dir: contentDir }));
} catch (e) {
  await rm(dist, { recursive: true, force: true });
  if (!(e instanceof ContentError)) throw e;
  console.error(`Build stopped: ${e.message}`);
  process.exit(1);
}
for (const w of warnings) console.warn(`! ${w}`);
await writeFile(path.join(dist, 'content.json'), `${JSON.stringify(content)}\n`);
// The same with the messages, for what runs the source in Node (the pages
// rendered ahead, scripts/prerender.mjs; tests and scripts): JSON text that
// JSON.parse reads several times faster than V8 compiles and runs the same
// object written as JavaScript (what a JSON import becomes). The Worker's
// bundle reads the same two from a file of the [site] bucket instead
// (scripts/build-worker.mjs), so its size does not grow with the content.
const jsonModule = (value) => `JSON.parse(${JSON.stringify(JSON.stringify(value))})`;
const messages = Object.fromEntries(
  await Promise.all(LOCALES.map(async (locale) => [locale, JSON.parse(await readFile(path.join(root, `locales/${locale}.json`), 'utf8'))])),
);
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

// The lucide icons the pages draw, as SVG markup (client/components/icons.ts):
// drawn here once, so neither lucide-react nor a second React renderer is in
// the Worker.
const { LUCIDE_ICONS } = await import('../client/components/lucide.ts');
const { escapeHtml } = await import('../client/escape.ts');
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

// Islands: every component in client/islands/ (named after its file), and each form's island.tsx
// (client/forms/<name>/, named <Name>Form). Each module's default export is the component.
// The server renders them by name (dist/islands.ts); the browser loads each one's chunk (dist/island-loaders.ts).
const islandEntries = [
  ...(await readdir(path.join(root, 'client/islands')))
    .filter((f) => f.endsWith('.tsx'))
    .map((f) => ({ name: f.replace(/\.tsx$/, ''), file: `client/islands/${f}` })),
  ...(await readdir(path.join(root, 'client/forms'), { withFileTypes: true }))
    .filter((d) => d.isDirectory() && existsSync(path.join(root, 'client/forms', d.name, 'island.tsx')))
    .map((d) => ({ name: `${d.name[0].toUpperCase()}${d.name.slice(1)}Form`, file: `client/forms/${d.name}/island.tsx` })),
].sort((a, b) => a.name.localeCompare(b.name));
for (const { name, file } of islandEntries) {
  if (!/^[A-Z][A-Za-z0-9]*$/.test(name)) throw new Error(`${file}: an island is named like a component, e.g. ContactForm.tsx`);
}
const generated = '// Written by scripts/build.mjs from client/islands/ and client/forms/*/island.tsx: do not edit.';
await writeFile(
  path.join(dist, 'islands.ts'),
  [
    generated,
    ...islandEntries.map(({ name, file }) => `import ${name} from '../${file}';`),
    '',
    `export const islandComponents = { ${islandEntries.map((i) => i.name).join(', ')} };`,
    'export type IslandName = keyof typeof islandComponents;',
    '',
  ].join('\n'),
);
await writeFile(
  path.join(dist, 'island-loaders.ts'),
  [
    generated,
    "import type { IslandName } from './islands.ts';",
    '',
    'export const islandLoaders: Record<IslandName, () => Promise<Record<string, unknown>>> = {',
    ...islandEntries.map(({ name, file }) => `  ${name}: () => import('../${file}'),`),
    '};',
    '',
  ].join('\n'),
);
// Scripts of the tools (/tools/*), one per tool, without a framework.
const toolFiles = (await readdir(path.join(root, 'client/tools'))).filter((f) => /^[a-z-]+\.ts$/.test(f));
// `#build/…` (package.json "imports") is dist/ for everyone else; during the build, the files being written.
// They are read from the build folder but named `build:<file>`, never by that folder's path: esbuild's
// [hash] in a chunk's name covers the paths of the modules in it, and the folder's name holds this
// build's process id, so the entry chunk would be named anew by every build. A commit built again gives
// the same file names, so a rollback can rebuild files that have expired (scripts/rollback.mjs).
const loaders = { '.ts': 'ts', '.js': 'js', '.json': 'json' };
const buildDir = {
  name: 'build-dir',
  setup(build) {
    build.onResolve({ filter: /^#build\// }, (args) => ({ path: args.path.slice('#build/'.length), namespace: 'build' }));
    // A generated file's own relative imports (`./x.js`): the same files, the same names.
    build.onResolve({ filter: /^\.\/[^/]+$/, namespace: 'build' }, (args) => ({ path: args.path.slice(2), namespace: 'build' }));
    build.onLoad({ filter: /.*/, namespace: 'build' }, async (args) => {
      const loader = loaders[path.extname(args.path)];
      if (!loader) throw new Error(`#build/${args.path}: the build writes no file of that kind for the client`);
      return { contents: await readFile(path.join(dist, args.path)), loader, resolveDir: dist };
    });
  },
};
const common = {
  plugins: [buildDir],
  absWorkingDir: root,
  bundle: true,
  minify: true,
  metafile: true,
  logLevel: 'warning',
  legalComments: 'none',
};

const js = await esbuild.build({
  ...common,
  entryPoints: [
    'client/entry.ts',
    { in: 'client/runtime/index.ts', out: 'runtime' },
    ...islandEntries.map(({ name, file }) => ({ in: file, out: name })),
  ],
  outdir: `${outName}/public/assets`,
  entryNames: '[name]-[hash]',
  chunkNames: 'chunks/[name]-[hash]',
  splitting: true,
  format: 'esm',
  target: 'es2022',
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"' },
});
// Each tool's script stands alone (no shared chunks: a tool never loads what the islands share).
const toolJs = await esbuild.build({
  ...common,
  entryPoints: toolFiles.map((f) => ({ in: `client/tools/${f}`, out: `tool-${f.slice(0, -3)}` })),
  outdir: `${outName}/public/assets`,
  entryNames: '[name]-[hash]',
  format: 'esm',
  target: 'es2022',
});
const css = await esbuild.build({
  ...common,
  entryPoints: ['client/styles/site.css'],
  outdir: `${outName}/public/assets`,
  entryNames: '[name]-[hash]',
  assetNames: 'fonts/[name]-[hash]',
  loader: { '.woff2': 'file' },
});

// The editor at /cms, bundled alone: only its own page names it (the manifest's `cms`).
const cmsStarted = performance.now();
const cms = { ...(await buildCms({ root, dist, plugins: common.plugins })), ms: performance.now() - cmsStarted };
// Said when the pages are rendered for a deployed copy (`--for staging`, `--for production`), where the editor is used.
const forFlag = process.argv.indexOf('--for');
const deployed = forFlag !== -1 && (process.argv[forFlag + 1] ?? '').split(',').some((e) => !['development', 'test'].includes(e));
if (deployed) for (const w of cms.warnings) console.warn(`! ${w}`);

const url = (file) => `/${path.relative(pub, path.join(root, file)).split(path.sep).join('/')}`;
const outputs = js.metafile.outputs;
/** A chunk and every chunk it imports statically, transitively: what to preload. */
function chunk(file) {
  const imports = new Set();
  const visit = (f) => {
    for (const imp of outputs[f].imports) {
      if (imp.kind !== 'import-statement' || imports.has(imp.path)) continue;
      imports.add(imp.path);
      visit(imp.path);
    }
  };
  visit(file);
  return { file: url(file), imports: [...imports].map(url) };
}

let entry;
const islands = {};
const tools = {};
for (const [file, meta] of Object.entries(toolJs.metafile.outputs)) {
  const tool = meta.entryPoint?.match(/^client\/tools\/([a-z-]+)\.ts$/);
  if (tool) tools[tool[1]] = { file: url(file), imports: [] };
}
for (const [file, meta] of Object.entries(outputs)) {
  if (!file.endsWith('.js')) continue;
  if (meta.entryPoint === 'client/entry.ts') entry = chunk(file);
  const island = islandEntries.find((i) => i.file === meta.entryPoint);
  if (island) islands[island.name] = chunk(file);
}
const cssFile = Object.keys(css.metafile.outputs).find((f) => f.endsWith('.css'));

// Each served file's ETag is a hash of its content; the build id changes
// when a served file or the Worker's source changes.
const hash = createHash('sha256');
const etags = {};
const files = (await readdir(pub, { recursive: true, withFileTypes: true })).filter((d) => d.isFile());
for (const file of files.sort((a, b) => path.join(a.parentPath, a.name).localeCompare(path.join(b.parentPath, b.name)))) {
  const full = path.join(file.parentPath, file.name);
  const bytes = await readFile(full);
  const rel = path.relative(pub, full).split(path.sep).join('/');
  etags[`/${rel}`] = createHash('sha256').update(bytes).digest('hex').slice(0, 24);
  hash.update(rel).update(bytes);
}
// The inline scripts, each with the CSP hash that allows its exact bytes: the boot script
// (every page, a module) and the one that holds taps before hydration (island pages, a classic script).
const inline = async (file, format) =>
  (
    await esbuild.build({
      ...common,
      metafile: false,
      write: false,
      entryPoints: [file],
      format,
      target: 'es2022',
    })
  ).outputFiles[0].text.trim();
const cspHash = (code) => `sha256-${createHash('sha256').update(code).digest('base64')}`;
const boot = await inline('client/runtime/boot.ts', 'esm');
const intents = await inline('client/runtime/intents.ts', 'iife');
hash.update(boot).update(intents);
// The Worker's own code and settings too: a change to a page's markup must
// give the page cache (worker/routes/pages/cache.ts) a new key, even when
// no served file changed. (Files the Worker bundles: wrangler.toml's [build]
// watches the same folders, so `wrangler dev` rebuilds on every edit.)
for (const dir of new Set(['worker', 'client', 'content', 'locales', path.relative(root, contentDir)])) {
  const entries = (await readdir(path.join(root, dir), { recursive: true, withFileTypes: true })).filter((d) => d.isFile());
  for (const file of entries.map((d) => path.join(d.parentPath, d.name)).sort()) {
    hash.update(path.relative(root, file)).update(await readFile(file));
  }
}
for (const file of ['package-lock.json', 'wrangler.toml']) hash.update(await readFile(path.join(root, file)));
// The e-mail signature's inline styles (client/signature.ts): copying
// rich HTML makes Chromium parse it under the page's CSP, which must then allow
// exactly these style attributes (worker/middleware/security.ts), no others.
const signatureModule = (
  await esbuild.build({
    ...common,
    metafile: false,
    write: false,
    entryPoints: ['client/signature.ts'],
    format: 'esm',
    platform: 'neutral',
  })
).outputFiles[0].text;
const { SIGNATURE_STYLES } = await import(`data:text/javascript;base64,${Buffer.from(signatureModule).toString('base64')}`);
const styleHashes = Object.values(SIGNATURE_STYLES).map((css) => `sha256-${createHash('sha256').update(css).digest('base64')}`);
const manifest = {
  buildId: hash.digest('hex').slice(0, 16),
  /** The content folder this build was made from: the tests check that they run on their fixtures. */
  content: path.relative(root, contentDir).split(path.sep).join('/'),
  builtAt: new Date().toISOString(),
  css: url(cssFile),
  entry,
  islands,
  tools,
  runtime: chunk(Object.keys(outputs).find((f) => outputs[f].entryPoint === 'client/runtime/index.ts')),
  /** The editor's one script, for the Worker's /cms page only (scripts/build-cms.mjs). */
  cms: { entry: cms.entry },
  styleHashes,
  boot: { code: boot, hash: cspHash(boot) },
  intents: { code: intents, hash: cspHash(intents) },
  etags,
};
await writeFile(path.join(dist, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
// The same for the Worker, as JSON text JSON.parse reads (as data.js): an object literal costs each cold start more.
await writeFile(
  path.join(dist, 'manifest.js'),
  `// Written by scripts/build.mjs: manifest.json.\nexport default ${jsonModule(manifest)};\n`,
);
await writeFile(
  path.join(dist, 'manifest.d.ts'),
  "// Written by scripts/build.mjs with manifest.js.\ndeclare const manifest: import('../client/components/page-context.tsx').AssetManifest;\nexport default manifest;\n",
);
// The pages, rendered ahead for the deploy's settings (docs/decisions/0017):
// `--for <environment>[,…]` (wrangler.toml's [env.*.build] says which; a
// preview's generated config with `--config`), by default `development` and
// `test`; from `--from <day>` (or PRERENDER_FROM), by default today in Lausanne.
const flag = (name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const environments = (flag('--for') ?? 'development,test').split(',');
const configPath = path.resolve(root, flag('--config') ?? 'wrangler.toml');
const rendered = await prerenderPages({
  root,
  dist,
  common,
  content,
  vars: await environmentVars(environments, configPath),
  from: flag('--from') ?? process.env.PRERENDER_FROM ?? localDate(new Date()),
});
console.log(
  `pages rendered ahead for ${environments.join(', ')}${process.env.PRERENDER_VARS ? ' and PRERENDER_VARS' : ''}: ${rendered.variants} page-days in ${rendered.documents} documents, ${rendered.days} days from ${rendered.from} (covered until ${rendered.until})`,
);
// The Worker itself, last: it reads every file above.
await buildWorker({ root, outName, common, data: { content, messages } });
await rm(finalDist, { recursive: true, force: true });
await rename(dist, finalDist);

const size = (f) => (outputs[f] ?? css.metafile.outputs[f]).bytes;
const gzipped = gzipSync(await readFile(path.join(finalDist, path.relative(dist, path.join(root, cssFile))))).length;
console.log(
  `client built: ${Object.keys(islands).length} island(s), entry ${entry.file}, css ${manifest.css} (${size(cssFile)} B, ${gzipped} B gzip), build ${manifest.buildId}`,
);
console.log(
  `editor built: ${cms.entry} (${Math.round(cms.bytes / 1024)} KiB, ${cms.cached ? 'unchanged, from the cache' : 'bundled'} in ${Math.round(cms.ms)} ms)`,
);
console.log(
  `content built from ${manifest.content}/: ${samples.length} sample entr${samples.length === 1 ? 'y' : 'ies'} (npm run content:check lists them)`,
);

// `npx wrangler dev` alone must serve the default short links: seed the local
// KV once (a marker in the state folder keeps later builds from undoing a
// local `links delete`; wiping .wrangler/state seeds again).
if (!process.argv.includes('--no-seed') && !existsSync(seededMarker())) {
  await seedLocalShortLinks();
}
