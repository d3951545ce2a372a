// dist/manifest.json, written by scripts/build.mjs once every served file is
// in place: the build's id, the client's files (what each page preloads),
// each served file's ETag, the inline scripts with the CSP hashes that allow
// them, and the same as a module for the Worker (manifest.js).
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { jsonModule } from './build-data.mjs';

const cspHash = (code) => `sha256-${createHash('sha256').update(code).digest('base64')}`;

/** Each served file's ETag, a hash of its content; `hash` (the build id's) takes in each file's path and bytes. */
async function fileEtags(pub, hash) {
  const etags = {};
  const files = (await readdir(pub, { recursive: true, withFileTypes: true })).filter((d) => d.isFile());
  for (const file of files.sort((a, b) => path.join(a.parentPath, a.name).localeCompare(path.join(b.parentPath, b.name)))) {
    const full = path.join(file.parentPath, file.name);
    const bytes = await readFile(full);
    const rel = path.relative(pub, full).split(path.sep).join('/');
    etags[`/${rel}`] = createHash('sha256').update(bytes).digest('hex').slice(0, 24);
    hash.update(rel).update(bytes);
  }
  return etags;
}

/**
 * The inline scripts, each with the CSP hash that allows its exact bytes: the boot script
 * (every page, a module) and the one that holds taps before hydration (island pages, a classic script).
 */
async function inlineScripts(common) {
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
  return { boot: await inline('client/runtime/boot.ts', 'esm'), intents: await inline('client/runtime/intents.ts', 'iife') };
}

/**
 * The Worker's own code and settings, into `hash`: a change to a page's markup must
 * give the page cache (worker/routes/pages/cache.ts) a new key, even when
 * no served file changed. (Files the Worker bundles: wrangler.toml's [build]
 * watches the same folders, so `wrangler dev` rebuilds on every edit.)
 */
async function hashSources({ root, contentDir, hash }) {
  for (const dir of new Set(['worker', 'client', 'content', 'locales', path.relative(root, contentDir)])) {
    const entries = (await readdir(path.join(root, dir), { recursive: true, withFileTypes: true })).filter((d) => d.isFile());
    for (const file of entries.map((d) => path.join(d.parentPath, d.name)).sort()) {
      hash.update(path.relative(root, file)).update(await readFile(file));
    }
  }
  for (const file of ['package-lock.json', 'wrangler.toml']) hash.update(await readFile(path.join(root, file)));
}

/**
 * The e-mail signature's inline styles (client/signature.ts): copying
 * rich HTML makes Chromium parse it under the page's CSP, which must then allow
 * exactly these style attributes (worker/middleware/security.ts), no others.
 */
async function signatureStyleHashes(common) {
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
  return Object.values(SIGNATURE_STYLES).map((css) => `sha256-${createHash('sha256').update(css).digest('base64')}`);
}

/** The manifest of the build in `pub` (its served files), made from `contentDir`, with the client's files and the editor's entry. */
export async function buildManifest({ root, pub, contentDir, common, client, cms }) {
  // The build id changes when a served file or the Worker's source changes.
  const hash = createHash('sha256');
  const etags = await fileEtags(pub, hash);
  const { boot, intents } = await inlineScripts(common);
  hash.update(boot).update(intents);
  await hashSources({ root, contentDir, hash });
  const styleHashes = await signatureStyleHashes(common);
  return {
    buildId: hash.digest('hex').slice(0, 16),
    /** The content folder this build was made from: the tests check that they run on their fixtures. */
    content: path.relative(root, contentDir).split(path.sep).join('/'),
    builtAt: new Date().toISOString(),
    css: client.css,
    entry: client.entry,
    islands: client.islands,
    tools: client.tools,
    runtime: client.runtime,
    /** The editor's one script, for the Worker's /cms page only (scripts/build-cms.mjs). */
    cms: { entry: cms.entry },
    styleHashes,
    boot: { code: boot, hash: cspHash(boot) },
    intents: { code: intents, hash: cspHash(intents) },
    etags,
  };
}

/** manifest.json, and the same for the Worker as JSON text JSON.parse reads (as data.js): an object literal costs each cold start more. */
export async function writeManifest(dist, manifest) {
  await writeFile(path.join(dist, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await writeFile(
    path.join(dist, 'manifest.js'),
    `// Written by scripts/build.mjs: manifest.json.\nexport default ${jsonModule(manifest)};\n`,
  );
  await writeFile(
    path.join(dist, 'manifest.d.ts'),
    "// Written by scripts/build.mjs with manifest.js.\ndeclare const manifest: import('../client/components/page-context.tsx').AssetManifest;\nexport default manifest;\n",
  );
}
