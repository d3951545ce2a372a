#!/usr/bin/env node
// `npm run preview -- <command>`: the preview of a pull request, a Worker of
// its own with staging's settings, at its own workers.dev address.
//
//   npm run preview -- deploy --pr 42     build, deploy jeepfl-website-pr-42, smoke-test it
//   npm run preview -- deploy --pr 42 --dry-run   build and show what would be deployed, upload nothing
//   npm run preview -- delete --pr 42     delete that Worker, its outbox and its static files
//   npm run preview -- sweep              delete the previews of every closed pull request
//
// The pipeline (.github/workflows/ci.yml) runs `deploy` on each push to a
// pull request, `delete` when it is closed, and `sweep` every night
// (.github/workflows/previews.yml); it also runs `comment`, which writes the
// one comment of the pull request that gives the preview's address, and sets
// it as the commit's status `site/preview` (the editor at /cms links to it). Why a
// Worker per pull request, and what it shares with staging:
// docs/decisions/0012-a-preview-worker-per-pull-request.md.
//
// The preview is wrangler.toml's [env.staging] written once more, with its
// own name and address and no cron trigger: scripts/preview-worker.mjs writes
// that configuration and deletes previews, scripts/preview-deploy.mjs deploys
// one, scripts/preview-github.mjs asks GitHub and writes the comment; this
// file is the command line.
//
// Needs CLOUDFLARE_API_TOKEN (the staging account's) or `wrangler login`, and
// for `deploy` the secrets staging needs (REQUIRED_SECRETS.staging in
// scripts/preflight-secrets.mjs: TURNSTILE_SECRET_KEY) as environment
// variables; they reach Cloudflare through a file only this user can read,
// deleted at once, and are never printed. `sweep` and `comment` ask GitHub: GITHUB_TOKEN (or
// GH_TOKEN) and GITHUB_REPOSITORY, both set by the pipeline; by hand, `--repo
// owner/name` or the `origin` remote, and a token for a private repository.
//
// `comment` also runs in a job that never ran `npm ci` (`preview-not-approved`
// in .github/workflows/ci.yml): what this file and its modules import when
// they load is Node's own; wrangler and the other scripts are imported only
// by the commands that call them (tests/node/preview.test.ts checks it).
//
// Exit codes: 0 done, 1 something failed (the lines above say what), 2 a bad
// command line.
import { spawnSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { deployPreview } from './preview-deploy.mjs';
import { COMMENT_STATES, commentBody, github, previewStatus } from './preview-github.mjs';
import { baseWorkerName, deletePreview, previewConfig, sweepPreviews } from './preview-worker.mjs';

const root = path.resolve(import.meta.dirname, '..');

/** `owner/name` of the repository: GITHUB_REPOSITORY (the pipeline), else the `origin` remote's GitHub address. */
function repositoryName(given) {
  if (given) return given;
  if (process.env.GITHUB_REPOSITORY) return process.env.GITHUB_REPOSITORY;
  const r = spawnSync('git', ['remote', 'get-url', 'origin'], { cwd: root, encoding: 'utf8' });
  const m = /github\.com[:/]([\w.-]+\/[\w.-]+?)(?:\.git)?\s*$/.exec(r.stdout ?? '');
  if (!m) throw new Error('which repository? give --repo <owner/name> (no GITHUB_REPOSITORY, and `origin` is not a GitHub address)');
  return m[1];
}

/** Writes `name=value` lines for the next steps of a pipeline job (nothing outside GitHub Actions). */
function output(values) {
  if (!process.env.GITHUB_OUTPUT) return;
  appendFileSync(
    process.env.GITHUB_OUTPUT,
    Object.entries(values)
      .map(([k, v]) => `${k}=${v}\n`)
      .join(''),
  );
}

const USAGE = `usage: npm run preview -- deploy --pr <number> [--commit <sha>] [--dry-run]
       npm run preview -- delete --pr <number>
       npm run preview -- sweep [--repo <owner/name>]
       npm run preview -- comment --pr <number> --state <deployed|smoke-failed|failed|waiting|deleted> [--url <address>] [--commit <sha>] [--run-url <address>] [--author <login>] [--repo <owner/name>]`;
const COMMANDS = {
  deploy: ['pr', 'commit', 'dry-run'],
  delete: ['pr'],
  sweep: ['repo'],
  comment: ['pr', 'state', 'url', 'commit', 'run-url', 'author', 'repo'],
};

async function main(argv) {
  const usage = (message) => {
    console.error(`${message}\n${USAGE}`);
    process.exit(2);
  };
  let parsed;
  try {
    const strings = ['pr', 'commit', 'repo', 'state', 'url', 'run-url', 'author'];
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { ...Object.fromEntries(strings.map((o) => [o, { type: 'string' }])), 'dry-run': { type: 'boolean' } },
    });
  } catch (error) {
    usage(error.message);
  }
  const { positionals, values } = parsed;
  const [command, ...extra] = positionals;
  if (!command || !Object.hasOwn(COMMANDS, command))
    usage(command ? `unknown command "${command}"` : 'which command? deploy, delete or sweep');
  if (extra.length) usage(`too many arguments for ${command}`);
  for (const option of Object.keys(values)) if (!COMMANDS[command].includes(option)) usage(`--${option} does not go with ${command}`);
  if (COMMANDS[command].includes('pr') && !/^[1-9][0-9]{0,6}$/.test(values.pr ?? ''))
    usage(`${command} needs --pr <number>, the pull request's number (e.g. --pr 42)`);
  if (command === 'comment' && !COMMENT_STATES.includes(values.state ?? '')) usage(`comment needs --state ${COMMENT_STATES.join('|')}`);
  const pr = Number(values.pr);

  if (command === 'deploy') {
    const { name, url, state } = await deployPreview({ pr, commit: values.commit, dryRun: values['dry-run'] === true });
    // For the pipeline's next steps: the comment, and the environment's address.
    output({ name, url, state });
    return state === 'deployed' || state === 'dry-run' ? 0 : 1;
  }
  if (command === 'delete') {
    deletePreview({ name: (await previewConfig({ pr })).name });
    return 0;
  }
  const api = github({ repo: repositoryName(values.repo), token: process.env.GITHUB_TOKEN || process.env.GH_TOKEN });
  if (command === 'sweep') {
    const { failed } = await sweepPreviews({ baseName: await baseWorkerName(), prState: api.prState });
    return failed.length ? 1 : 0;
  }
  const body = commentBody({
    state: values.state,
    url: values.url,
    commit: values.commit,
    runUrl: values['run-url'],
    author: values.author,
  });
  // A closed pull request's comment is updated if it has one, never added: most never had a preview.
  const done = await api.upsertComment(pr, body, { create: values.state !== 'deleted' });
  console.log(`preview: comment ${done === 'none' ? 'not needed (this pull request has none)' : done} on #${pr}`);
  // The same address as the commit's status, where the editor at /cms finds it (docs/content.md).
  const status = previewStatus({ state: values.state, url: values.url, runUrl: values['run-url'] });
  if (status && /^[0-9a-f]{40}$/.test(values.commit ?? '')) {
    await api.setStatus(values.commit, status);
    console.log(`preview: status ${status.state} on ${values.commit.slice(0, 7)}`);
  }
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error) => {
      console.error(`preview: ${error.message}`);
      process.exitCode = 1;
    },
  );
}
