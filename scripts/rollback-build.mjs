// The commit of an earlier version built again, for a rollback run by hand
// (scripts/rollback.mjs): the files of that version that are gone from
// Cloudflare are made again from this build.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RefusedError } from './version-assets.mjs';

const root = path.resolve(import.meta.dirname, '..');

/** A full commit id, as deploys tag their versions with (`git rev-parse HEAD`). */
export const COMMIT = /^[0-9a-f]{40}$/;

/** Git in this clone; resolves to its exit status. */
const gitHere = (args, options = {}) => spawnSync('git', args, { cwd: root, stdio: 'inherit', ...options }).status ?? 1;

/** npm, the one running this script when there is one (`npm run rollback`); resolves to its exit status. */
function npmIn(args, options) {
  const cli = process.env.npm_execpath;
  const r = /\.[cm]?js$/.test(cli ?? '')
    ? spawnSync(process.execPath, [cli, ...args], { stdio: 'inherit', ...options })
    : spawnSync('npm', args, { stdio: 'inherit', shell: process.platform === 'win32', ...options });
  return r.status ?? 1;
}

/**
 * The commit built again, for a rollback run by hand: a git worktree of it in
 * a temporary folder, then `npm ci` and `npm run build -- --for <env>` there, as
 * its deploy built it (its own code, content, locked dependencies and the
 * environment's settings, which the pages rendered ahead show). The commit is
 * fetched from origin if this clone lacks it. Install and build run without
 * the Cloudflare token, GitHub's, or CONTENT_DIR in their environment.
 * `git(args, options)` and `npm(args, options)` resolve to exit statuses.
 * Resolves to `{ dir, remove() }`; throws a RefusedError when the commit
 * cannot be had or built (its folder then removed).
 */
export async function buildCommit({ commit, envName = 'production', log = console.log, git = gitHere, npm = npmIn, env = process.env }) {
  if (!COMMIT.test(commit)) throw new RefusedError(`the version is tagged "${commit}", not with a commit id, so it cannot be built again`);
  const have = () => git(['cat-file', '-e', `${commit}^{commit}`], { stdio: 'ignore' }) === 0;
  if (!have()) {
    log(`git fetch origin ${commit} (not in this clone yet)`);
    git(['fetch', '--quiet', 'origin', commit]);
    if (!have())
      throw new RefusedError(
        `commit ${commit} is not in this clone, and \`git fetch origin\` did not bring it: roll back with the "Rollback production" workflow instead, or from an up-to-date clone of the repository`,
      );
  }
  const parent = mkdtempSync(path.join(tmpdir(), 'jeepfl-rollback-'));
  const dir = path.join(parent, commit.slice(0, 12));
  const remove = () => {
    git(['worktree', 'remove', '--force', dir], { stdio: 'ignore' });
    rmSync(parent, { recursive: true, force: true });
    git(['worktree', 'prune'], { stdio: 'ignore' });
  };
  const clean = Object.fromEntries(Object.entries(env).filter(([name]) => !/^(CLOUDFLARE_|GITHUB_TOKEN$|CONTENT_DIR$)/i.test(name)));
  const steps = [
    { say: `git worktree add --detach ${dir} ${commit.slice(0, 12)}`, run: () => git(['worktree', 'add', '--detach', dir, commit]) },
    { say: 'npm ci (in that folder)', run: () => npm(['ci', '--no-audit', '--no-fund'], { cwd: dir, env: clean }) },
    // With the environment's settings, as its deploy built it: the pages it rendered ahead are the same files.
    {
      say: `npm run build -- --for ${envName} (in that folder)`,
      run: () => npm(['run', 'build', '--', '--for', envName], { cwd: dir, env: clean }),
    },
  ];
  for (const step of steps) {
    log(step.say);
    if (step.run() !== 0) {
      remove();
      throw new RefusedError(
        `\`${step.say}\` failed (its messages are above), so the files that are gone cannot be made again. If it was the network, run the rollback again; otherwise put that code back through main (docs/operations.md, "Rolling back")`,
      );
    }
  }
  return { dir, remove };
}
