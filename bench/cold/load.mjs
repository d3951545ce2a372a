// The built Worker (dist/worker/, or what `wrangler deploy --dry-run --outdir`
// wrote) made loadable by Node, for the cold-start bench (bench/coldstart.mjs,
// bench/cold/run.mjs) and the test that a page rendered ahead never loads
// React (tests/node/lazy-renderer.test.ts). Its two platform imports point to
// stand-ins; the [site] bucket is a folder (dist/public) read as workerd reads KV.
import { cp, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** dist/public's files as wrangler's static manifest names them: path -> KV key (a hash before the extension). */
export async function staticManifest(publicDir) {
  const files = (await readdir(publicDir, { recursive: true, withFileTypes: true })).filter((d) => d.isFile());
  return Object.fromEntries(
    files.map((d) => {
      const rel = path.relative(publicDir, path.join(d.parentPath, d.name)).split(path.sep).join('/');
      return [rel, rel.replace(/(\.[^./]+)?$/, '.0123456789$1')];
    }),
  );
}

/**
 * Copies the Worker's modules from `from` to `to`, each one's imports of the
 * platform pointed at stand-ins written beside them. Returns the entry's path.
 */
export async function loadableWorker(from, to, publicDir) {
  await cp(from, to, { recursive: true });
  const manifest = await staticManifest(publicDir);
  await writeFile(path.join(to, 'static-manifest.mjs'), `export default ${JSON.stringify(JSON.stringify(manifest))};\n`);
  await writeFile(
    path.join(to, 'workers.mjs'),
    'export class DurableObject { constructor(ctx, env) { this.ctx = ctx; this.env = env; } }\n',
  );
  const modules = (await readdir(to, { recursive: true, withFileTypes: true })).filter((d) => d.isFile() && d.name.endsWith('.js'));
  for (const d of modules) {
    const file = path.join(d.parentPath, d.name);
    const up = path.relative(d.parentPath, to).split(path.sep).join('/') || '.';
    const js = await readFile(file, 'utf8');
    const loadable = js
      .replaceAll('"__STATIC_CONTENT_MANIFEST"', `"${up}/static-manifest.mjs"`)
      .replaceAll('"cloudflare:workers"', `"${up}/workers.mjs"`);
    // .mjs would rename the chunks their importers name: a package.json says these .js files are modules.
    if (loadable !== js) await writeFile(file, loadable);
  }
  await writeFile(path.join(to, 'package.json'), '{ "type": "module" }\n');
  return path.join(to, 'index.js');
}

/**
 * A KV namespace over a folder, as the [site] bucket behaves: a key of the
 * manifest above gives its file's bytes, any other key null. `empty`: a
 * namespace with nothing in it (the short links).
 */
export function folderKV(publicDir) {
  const read = async (key) => {
    const rel = key.replace(/\.0123456789(\.[^./]+)?$/, '$1');
    try {
      return await readFile(path.join(publicDir, rel));
    } catch {
      return null;
    }
  };
  return {
    async get(key, type) {
      const bytes = await read(key);
      if (bytes === null) return null;
      const kind = typeof type === 'object' ? type?.type : type;
      if (kind === 'stream') return new Response(bytes).body;
      if (kind === 'arrayBuffer') return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
      if (kind === 'json') return JSON.parse(bytes.toString('utf8'));
      return bytes.toString('utf8');
    },
    async getWithMetadata(key, type) {
      return { value: await this.get(key, type), metadata: null };
    },
    list: async () => ({ keys: [], list_complete: true }),
  };
}

/** A KV namespace with nothing in it. */
export const emptyKV = {
  get: async () => null,
  getWithMetadata: async () => ({ value: null, metadata: null }),
  list: async () => ({ keys: [], list_complete: true }),
};
