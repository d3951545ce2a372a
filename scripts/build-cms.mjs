// The editor at /cms (client/cms/main.ts, Decap CMS): its configuration made
// from the collections (scripts/cms-config.mjs) and its one bundle,
// dist/public/cms/cms.<hash>.js, which only the Worker's /cms page names
// (the build's manifest gives its name as `cms.entry`). It is large (Decap
// and its React) and changes only with its sources or the dependencies, so
// the bundle is kept in node_modules/.cache/jeepfl-cms/ with the list of
// files it was made of, and made again only when one of them changed.
// Run by scripts/build.mjs.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { cmsConfig, isPlaceholderRepository, repositoryOf } from './cms-config.mjs';

const CACHE = path.resolve(import.meta.dirname, '../node_modules/.cache/jeepfl-cms');

/** Writes a file of the cache whole or not at all: builds in other terminals may read it meanwhile. */
async function keep(name, data) {
  const temporary = path.join(CACHE, `.${name}.${process.pid}`);
  await writeFile(temporary, data);
  await rename(temporary, path.join(CACHE, name));
}

/**
 * The hash of the bundle's inputs: its options, and the size and time of
 * change of every file it was made of (a checkout or an install gives a
 * changed file a new time; reading the thousand files would cost most of
 * what bundling again does).
 */
async function inputsHash(root, files, options) {
  const hash = createHash('sha256').update(JSON.stringify(options));
  const stats = await Promise.all(files.map((file) => stat(path.join(root, file)).catch(() => null)));
  for (const [i, s] of stats.entries()) {
    if (!s) return null;
    hash.update(`${files[i]}\0${s.size}\0${s.mtimeMs}\0`);
  }
  return hash.digest('hex');
}

/**
 * Writes the editor's configuration into the build folder (`dist`, read by
 * client/cms/main.ts as `#build/cms-config.json`) and its bundle into
 * `<dist>/public/cms/`; returns the bundle's URL, its size, whether the
 * cached one was used, and what the build should warn of. `plugins` resolve `#build/` (scripts/build.mjs).
 */
export async function buildCms({ root, dist, plugins }) {
  const warnings = [];
  const repo = repositoryOf();
  if (isPlaceholderRepository(repo))
    warnings.push(
      `package.json: \`repository\` is still the placeholder ${repo}: the editor at /cms saves to that repository until it names the association's (docs/deploy.md)`,
    );
  const generated = cmsConfig({ repo });
  await writeFile(path.join(dist, 'cms-config.json'), `${JSON.stringify(generated, null, 2)}\n`);
  const options = {
    entryPoints: ['client/cms/main.ts'],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    legalComments: 'none',
    logLevel: 'warning',
    define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
  };
  // The configuration is an input too (it is read from the build folder, not from a file the list names), and so
  // are esbuild itself and what it reads besides the sources: tsconfig.json, and package.json's `imports`.
  const key = { ...options, config: generated, esbuild: esbuild.version };
  const known = existsSync(path.join(CACHE, 'inputs.json')) ? JSON.parse(await readFile(path.join(CACHE, 'inputs.json'), 'utf8')) : null;
  let code;
  let cached = false;
  if (known && known.hash === (await inputsHash(root, known.files, key)) && existsSync(path.join(CACHE, known.bundle))) {
    code = await readFile(path.join(CACHE, known.bundle));
    cached = true;
  } else {
    const started = Date.now();
    const result = await esbuild.build({ ...options, plugins, absWorkingDir: root, write: false, metafile: true });
    code = Buffer.from(result.outputFiles[0].contents);
    // The files it was made of, but the configuration, which is the build's own (`build:` namespace).
    const files = [
      ...Object.keys(result.metafile.inputs)
        .filter((f) => !f.includes(':'))
        .sort(),
      'tsconfig.json',
      'package.json',
    ];
    await cache(root, files, key, code, started);
  }
  const name = `cms.${createHash('sha256').update(code).digest('hex').slice(0, 16)}.js`;
  await mkdir(path.join(dist, 'public', 'cms'), { recursive: true });
  await writeFile(path.join(dist, 'public', 'cms', name), code);
  return { entry: `/cms/${name}`, bytes: code.length, cached, warnings };
}

/**
 * Keeps the bundle for the next build, unless one of its files changed while
 * it was being made (saved in an editor meanwhile): its time would then say
 * "new" while the bundle holds the old text, and a stale editor would be
 * taken from the cache until that file changed again.
 */
async function cache(root, files, key, code, started) {
  const stats = await Promise.all(files.map((file) => stat(path.join(root, file)).catch(() => null)));
  if (stats.some((s) => !s || s.mtimeMs >= started)) return;
  const hash = await inputsHash(root, files, key);
  await mkdir(CACHE, { recursive: true });
  for (const old of (await readdir(CACHE)).filter((f) => f.startsWith('cms-'))) await rm(path.join(CACHE, old), { force: true });
  await keep(`cms-${hash}.js`, code);
  await keep('inputs.json', JSON.stringify({ hash, bundle: `cms-${hash}.js`, files }));
}
