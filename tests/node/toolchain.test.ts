import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const pkg = JSON.parse(read('package.json')) as { engines: { node: string }; devDependencies: Record<string, string> };
const lock = JSON.parse(read('package-lock.json')) as {
  packages: Record<string, { version?: string; optionalDependencies?: Record<string, string> }>;
};
const workflows = readdirSync(path.join(root, '.github/workflows')).map((f) => ({ file: f, text: read(`.github/workflows/${f}`) }));

/** Every copy of a package the lock installs: `node_modules/x` and any nested `…/node_modules/x`. */
const copies = (name: string) =>
  Object.entries(lock.packages)
    .filter(([key]) => key === `node_modules/${name}` || key.endsWith(`/node_modules/${name}`))
    .map(([key, entry]) => `${key}@${entry.version}`);

describe('one toolchain in the tree (docs/operations.md, "Dependency updates")', () => {
  it.each(['wrangler', 'miniflare', 'workerd', 'zod', 'esbuild'])(
    'one %s: the test plugin runs the same one wrangler deploys with',
    (name) => {
      expect(copies(name)).toHaveLength(1);
    },
  );

  it('the lock holds every optional platform package of every locked package, as `npm ci` requires', () => {
    const missing = Object.entries(lock.packages).flatMap(([key, entry]) =>
      Object.keys(entry.optionalDependencies ?? {})
        .filter((dep) => copies(dep).length === 0)
        .map((dep) => `${dep} (of ${key})`),
    );
    expect(missing).toEqual([]);
  });
});

describe('one Node story', () => {
  const nvmrc = read('.nvmrc').trim();

  it('.nvmrc names the Node the project brings (the `node` devDependency every npm script runs on)', () => {
    expect(nvmrc).toMatch(/^\d+\.\d+\.\d+$/);
    expect(pkg.devDependencies.node).toBe(nvmrc);
  });

  it('`engines` says what installs the project: the Node 20 of the maintainers’ machines (npm 11 needs 20.17)', () => {
    expect(pkg.engines.node).toBe('>=20.17');
  });

  it('the README’s quick start, .ci/run and docs/deploy.md say the same', () => {
    const readme = read('README.md');
    expect(readme).toContain(`Node ${nvmrc}`);
    expect(readme).toContain('Node.js 20.17 or later');
    expect(read('.ci/run')).toContain('any Node >= 20.17 with npm');
    expect(read('docs/deploy.md')).toContain('Node.js 20.17 or newer');
  });

  it('every workflow that sets Node up takes the version from .nvmrc', () => {
    const setups = workflows.flatMap(({ file, text }) =>
      [...text.matchAll(/uses: actions\/setup-node@[^\n]*\n\s+with:\n((?:\s+[\w-]+:.*\n)+)/g)].map((m) => [file, m[1]] as const),
    );
    expect(setups.length).toBeGreaterThanOrEqual(3);
    for (const [, inputs] of setups) {
      expect(inputs).toContain('node-version-file: .nvmrc');
      expect(inputs).not.toContain('node-version:');
    }
  });
});

describe('the pipeline as written', () => {
  it('pins every action to a full commit, with its version beside it', () => {
    const uses = workflows.flatMap(({ text }) => [...text.matchAll(/^\s*(?:- )?uses: ([^\s]+)(.*)/gm)].map((m) => `${m[1]}${m[2]}`));
    expect(uses.length).toBeGreaterThan(0);
    // Or a workflow of this repository (preview-deploy.yml), which changes only with it.
    for (const use of uses)
      expect(use).toMatch(/^(?:[\w.-]+\/[\w.-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+|\.\/\.github\/workflows\/[\w.-]+\.yml)$/);
    expect(uses.some((u) => u.startsWith('cloudflare/wrangler-action@'))).toBe(true);
  });

  it('keeps earlier assets as long as `npm run deploy` does: --old-asset-ttl agrees with scripts/deploy.mjs', async () => {
    // @ts-expect-error: a plain .mjs script, without types
    const { OLD_ASSET_TTL_SECONDS } = (await import('../../scripts/deploy.mjs')) as { OLD_ASSET_TTL_SECONDS: number };
    const deploys = workflows.flatMap(({ text }) =>
      [...text.matchAll(/command: deploy --env (\w+) --old-asset-ttl (\d+)/g)].map((m) => [m[1], Number(m[2])]),
    );
    expect(deploys).toEqual([
      ['staging', OLD_ASSET_TTL_SECONDS],
      ['production', OLD_ASSET_TTL_SECONDS],
    ]);
  });

  it('runs the preflight before each deploy, then keep-assets and the smoke test', () => {
    const ci = workflows.find((w) => w.file === 'ci.yml')!.text;
    for (const env of ['staging', 'production']) {
      const job = ci.slice(ci.indexOf(`deploy-${env}:`));
      const order = [
        `npm run preflight -- --env ${env}`,
        `command: deploy --env ${env}`,
        `npm run keep-assets -- --env ${env}`,
        `npm run smoke -- --env ${env}`,
      ].map((s) => job.indexOf(s));
      expect(order.every((i) => i >= 0)).toBe(true);
      expect([...order].sort((a, b) => a - b)).toEqual(order);
    }
  });
});
