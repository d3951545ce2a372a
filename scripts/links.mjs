#!/usr/bin/env node
// Short links admin: `npm run links -- list|set <slug> <target>|delete <slug> [--remote] [--env production]`.
// Without --remote it works on the local KV that `wrangler dev` uses; with
// --remote, on the namespace of the --env given (staging or production;
// wrangler must be logged in, or CLOUDFLARE_API_TOKEN set).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const wranglerBin = path.join(root, 'node_modules/wrangler/bin/wrangler.js');
// The site's one slug rule (Node runs the TypeScript module as is).
const { SLUG } = await import('../content/collection-schema.ts');
export const defaultLinksFile = path.join(root, 'scripts/short-links.json');

/** The Worker's own rule (Node runs the TypeScript module as is): `{ ok }` or `{ ok: false, reason }`. */
async function checkTarget(target) {
  const { checkTarget: check } = await import('../worker/routes/short-links.ts');
  return check(target);
}

function wrangler(args, { capture = false } = {}) {
  const result = spawnSync(process.execPath, [wranglerBin, ...args], {
    cwd: root,
    encoding: 'utf8',
    stdio: capture ? ['ignore', 'pipe', 'inherit'] : 'inherit',
  });
  if (result.status !== 0) throw new Error(`wrangler ${args.join(' ')} failed (exit ${result.status})`);
  return result.stdout;
}

/** wrangler's local state folder (what `wrangler dev --persist-to` names). */
export const defaultPersistTo = path.join(root, '.wrangler/state');
/** Lives inside the state folder: wiping the local state seeds the defaults again. */
export const seededMarker = (persistTo = defaultPersistTo) => path.join(persistTo, 'short-links-seeded');

/** Writes scripts/short-links.json into the local KV namespace. */
export async function seedLocalShortLinks(persistTo = defaultPersistTo) {
  const links = JSON.parse(readFileSync(defaultLinksFile, 'utf8'));
  mkdirSync(persistTo, { recursive: true });
  const tmp = path.join(persistTo, 'short-links.bulk.json');
  writeFileSync(tmp, JSON.stringify(Object.entries(links).map(([key, value]) => ({ key, value }))));
  wrangler(['kv', 'bulk', 'put', tmp, '--binding', 'SHORT_LINKS', '--local', '--persist-to', persistTo]);
  writeFileSync(seededMarker(persistTo), `${new Date().toISOString()}\n`);
  console.log(`seeded ${Object.keys(links).length} short links into the local KV`);
}

function usage(message) {
  if (message) console.error(message);
  console.error(
    'usage: npm run links -- list | set <slug> <target> | delete <slug> | seed   [--remote] [--env <name>] [--persist-to <dir>]',
  );
  process.exit(2);
}

async function main(argv) {
  const valued = ['--env', '--persist-to'];
  const flags = argv.filter((a) => a.startsWith('--'));
  const [command, slug, target] = argv.filter((a, i) => !a.startsWith('--') && !valued.includes(argv[i - 1]));
  const option = (name) => {
    const i = argv.indexOf(name);
    return i === -1 ? undefined : (argv[i + 1] ?? usage(`${name} needs a value`));
  };
  const remote = flags.includes('--remote');
  const persistTo = option('--persist-to');
  const where = [remote ? '--remote' : '--local', '--binding', 'SHORT_LINKS'];
  if (option('--env')) where.push('--env', option('--env'));
  if (persistTo && !remote) where.push('--persist-to', persistTo);

  switch (command) {
    case 'list': {
      const keys = JSON.parse(wrangler(['kv', 'key', 'list', ...where], { capture: true }));
      if (keys.length === 0) console.log('(no short links)');
      for (const { name } of keys) {
        const value = wrangler(['kv', 'key', 'get', name, ...where, '--text'], { capture: true });
        console.log(`/${name} -> ${value.trim()}`);
      }
      break;
    }
    case 'set':
      if (!slug || !SLUG.test(slug)) usage('the slug must be lower-case words joined by hyphens, e.g. "linkedin"');
      if (!target) usage('the target must be an https:// URL or a site path starting with "/", e.g. /tools/signature-generator');
      {
        const check = await checkTarget(target);
        if (!check.ok)
          usage(
            `refused: the target ${JSON.stringify(target)} ${check.reason}. Use an https:// URL or a plain site path such as /tools/signature-generator.`,
          );
      }
      wrangler(['kv', 'key', 'put', slug, target, ...where]);
      break;
    case 'delete':
      if (!slug) usage('which slug?');
      wrangler(['kv', 'key', 'delete', slug, ...where]);
      break;
    case 'seed':
      if (remote) usage('seed only writes the local defaults; use set for production');
      await seedLocalShortLinks(persistTo);
      break;
    default:
      usage(command ? `unknown command "${command}"` : undefined);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
