// Builds the site into dist/: content/ validated into dist/content.json (its
// images and job PDFs into dist/public), static/ copied to dist/public, islands
// and the entry code-split into content-hashed chunks, one hashed stylesheet,
// and dist/manifest.json which the Worker reads to preload each page's chunks.
// Run by `npm run build`, and by wrangler ([build] in wrangler.toml). This
// file is the order of the steps; each step is a module of its own:
// build-data.mjs, build-client.mjs, build-cms.mjs, build-manifest.mjs,
// prerender.mjs and build-worker.mjs.
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { localDate } from '../content/lausanne.ts';
import { bundleClient, clientFiles, esbuildCommon, findIslands, writeIslandModules } from './build-client.mjs';
import { buildCms } from './build-cms.mjs';
import { readMessages, writeDataModules, writeIcons } from './build-data.mjs';
import { buildManifest, writeManifest } from './build-manifest.mjs';
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

// The modules the code reads its data from (scripts/build-data.mjs).
const messages = await readMessages(root);
await writeDataModules({ dist, content, messages });
await writeIcons(dist);

// The browser's code (scripts/build-client.mjs).
const islandEntries = await findIslands(root);
await writeIslandModules(dist, islandEntries);
const common = esbuildCommon({ root, dist });
const bundles = await bundleClient({ root, outName, common, islandEntries });

// The editor at /cms, bundled alone: only its own page names it (the manifest's `cms`).
const cmsStarted = performance.now();
const cms = { ...(await buildCms({ root, dist, plugins: common.plugins })), ms: performance.now() - cmsStarted };
// Said when the pages are rendered for a deployed copy (`--for staging`, `--for production`), where the editor is used.
const forFlag = process.argv.indexOf('--for');
const deployed = forFlag !== -1 && (process.argv[forFlag + 1] ?? '').split(',').some((e) => !['development', 'test'].includes(e));
if (deployed) for (const w of cms.warnings) console.warn(`! ${w}`);

// Once every served file is in place (scripts/build-manifest.mjs).
const client = clientFiles({ root, pub, bundles, islandEntries });
const manifest = await buildManifest({ root, pub, contentDir, common, client, cms });
await writeManifest(dist, manifest);

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

const gzipped = gzipSync(await readFile(path.join(finalDist, path.relative(dist, path.join(root, client.cssFile))))).length;
console.log(
  `client built: ${Object.keys(client.islands).length} island(s), entry ${client.entry.file}, css ${manifest.css} (${client.cssBytes} B, ${gzipped} B gzip), build ${manifest.buildId}`,
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
