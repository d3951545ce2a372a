// The browser's code, built by scripts/build.mjs: the islands found by
// convention (with the two modules that name them for the server and the
// browser), the entry and the runtime code-split into content-hashed chunks,
// each tool's script alone, and the one stylesheet; then what of them each
// page preloads, for the manifest.
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as esbuild from 'esbuild';

/**
 * Islands: every component in client/islands/ (named after its file), and each form's island.tsx
 * (client/forms/<name>/, named <Name>Form). Each module's default export is the component.
 * The server renders them by name (dist/islands.ts); the browser loads each one's chunk (dist/island-loaders.ts).
 */
export async function findIslands(root) {
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
  return islandEntries;
}

/** dist/islands.ts and dist/island-loaders.ts, which name every island for the server and for the browser. */
export async function writeIslandModules(dist, islandEntries) {
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
}

const loaders = { '.ts': 'ts', '.js': 'js', '.json': 'json' };

/**
 * esbuild's settings shared by every bundle of the build. `#build/…` (package.json "imports") is dist/
 * for everyone else; during the build, the files being written in `dist`. They are read from the build
 * folder but named `build:<file>`, never by that folder's path: esbuild's [hash] in a chunk's name covers
 * the paths of the modules in it, and the folder's name holds this build's process id, so the entry chunk
 * would be named anew by every build. A commit built again gives the same file names, so a rollback can
 * rebuild files that have expired (scripts/rollback.mjs).
 */
export function esbuildCommon({ root, dist }) {
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
  return {
    plugins: [buildDir],
    absWorkingDir: root,
    bundle: true,
    minify: true,
    metafile: true,
    logLevel: 'warning',
    legalComments: 'none',
  };
}

/** The islands, the entry and the runtime (split), the tools' scripts (alone) and the stylesheet, into `<outName>/public/assets`. */
export async function bundleClient({ root, outName, common, islandEntries }) {
  // Scripts of the tools (/tools/*), one per tool, without a framework.
  const toolFiles = (await readdir(path.join(root, 'client/tools'))).filter((f) => /^[a-z-]+\.ts$/.test(f));
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
  return { js, toolJs, css };
}

/**
 * What the manifest says of the client's files: the entry, each island and the runtime with the chunks
 * each imports (what a page preloads), each tool's script, and the stylesheet, as URLs of `pub`.
 */
export function clientFiles({ root, pub, bundles: { js, toolJs, css }, islandEntries }) {
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
  const runtime = chunk(Object.keys(outputs).find((f) => outputs[f].entryPoint === 'client/runtime/index.ts'));
  const size = (f) => (outputs[f] ?? css.metafile.outputs[f]).bytes;
  return { entry, islands, tools, runtime, css: url(cssFile), cssFile, cssBytes: size(cssFile) };
}
