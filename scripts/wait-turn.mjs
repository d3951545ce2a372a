#!/usr/bin/env node
// `npm run wait-turn -- --as <deploy|rollback>`: in the pipeline only, the step
// before a job changes production.
//
// Why: a production deploy (ci.yml, "Deploy to production") and a rollback
// (rollback.yml) must not run at the same time: the deploy gives the files of
// the version it replaces 30 days to live while the rollback renews them for
// the version it returns to, and each switches the live version. GitHub's
// `concurrency` cannot make them wait for each other: a group keeps one
// running and ONE waiting run, and a newer one waiting cancels the older, so a
// merge's deploy would cancel a rollback waiting behind a deploy (and the
// reverse). Each has its group (newer deploys may replace older ones waiting;
// they deploy main's newest commit anyway), and this step makes the job wait
// while a job of the other kind that started before it is still running. Both
// sides compare the same start times (the job id breaks a tie), so exactly
// one of two goes first: no deadlock, no overlap. Whichever starts later runs
// last, and its result is what stays live.
//
// It asks GitHub's REST API with the run's GITHUB_TOKEN (`actions: read`).
// It imports nothing: fetch is Node's own.
import { pathToFileURL } from 'node:url';

/** The two kinds of job that change production: their workflow file and their name as GitHub shows it. */
export const SIDES = {
  deploy: { workflow: 'ci.yml', job: 'Deploy to production', what: 'production deploy' },
  rollback: { workflow: 'rollback.yml', job: 'Roll back production', what: 'rollback of production' },
};

/** How long a job waits for the other before it gives up, having changed nothing (the jobs' timeout-minutes leave room for it). */
export const WAIT_MINUTES = 25;

const startedBefore = (a, b) => {
  const ta = Date.parse(a.started_at);
  const tb = Date.parse(b.started_at);
  return ta < tb || (ta === tb && a.id < b.id);
};

/** GET of the repository's REST API with the run's token: the answer's JSON, or thrown when GitHub refuses. */
function gitHub({ repo, token, fetch }) {
  return async (pathname) => {
    const res = await fetch(`https://api.github.com/repos/${repo}${pathname}`, {
      headers: {
        Accept: 'application/vnd.github+json',
        'X-GitHub-Api-Version': '2022-11-28',
        'User-Agent': 'jeepfl-website-wait-turn',
        Authorization: `Bearer ${token}`,
      },
    });
    if (!res.ok) throw new Error(`GitHub answered ${res.status} to ${pathname}`);
    return res.json();
  };
}

/** The jobs of the `other` side still running that started before `self`, or undefined when GitHub did not answer (said in the log). */
async function runningAhead(get, other, self, log) {
  try {
    const { workflow_runs: runs } = await get(`/actions/workflows/${other.workflow}/runs?status=in_progress&per_page=100`);
    const ahead = [];
    for (const run of runs) {
      const { jobs } = await get(`/actions/runs/${run.id}/jobs?per_page=100`);
      ahead.push(...jobs.filter((j) => j.name === other.job && j.status === 'in_progress' && startedBefore(j, self)));
    }
    return ahead;
  } catch (e) {
    log(`wait-turn: could not ask GitHub (${e.message}); asking again`);
  }
}

/**
 * Resolves to true when no job of the other side that started before this
 * one is still running, false when one still is after WAIT_MINUTES. `runId`
 * and `attempt` are this run's (GITHUB_RUN_ID, GITHUB_RUN_ATTEMPT); `fetch`,
 * `sleep` and `now` are the network and the clock, which the tests replace.
 */
export async function waitTurn({
  as,
  repo,
  runId,
  attempt = 1,
  token,
  fetch = globalThis.fetch,
  sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now = () => Date.now(),
  timeoutMs = WAIT_MINUTES * 60_000,
  intervalMs = 15_000,
  log = console.log,
}) {
  const me = SIDES[as];
  const otherSide = as === 'deploy' ? 'rollback' : 'deploy';
  const other = SIDES[otherSide];
  const get = gitHub({ repo, token, fetch });

  const { jobs: mine } = await get(`/actions/runs/${runId}/attempts/${attempt}/jobs?per_page=100`);
  const self = mine.find((j) => j.name === me.job && j.status === 'in_progress');
  if (!self)
    throw new Error(`this run has no job named "${me.job}" in progress: scripts/wait-turn.mjs and the workflow disagree on its name`);

  const deadline = now() + timeoutMs;
  let shown = '';
  for (;;) {
    const ahead = await runningAhead(get, other, self, log);
    if (ahead?.length === 0) {
      log(`wait-turn: no ${other.what} started before this ${me.what} is running: going ahead`);
      return true;
    }
    const waitingFor = (ahead ?? []).map((j) => `${j.html_url} (started ${j.started_at})`).join(', ');
    if (ahead && waitingFor !== shown) {
      log(`wait-turn: waiting for the ${other.what} that started first to finish: ${waitingFor}`);
      shown = waitingFor;
    }
    if (now() + intervalMs > deadline) {
      log(
        `wait-turn: ${ahead ? `the ${other.what} ${waitingFor} is still running` : 'GitHub did not answer'} after ${Math.round(timeoutMs / 60_000)} minutes: this ${me.what} stops here, having changed nothing. Look at that run; once it is over, run this one again (Re-run jobs).`,
      );
      return false;
    }
    await sleep(intervalMs);
  }
}

async function main(argv) {
  const i = argv.indexOf('--as');
  const as = i === -1 ? undefined : argv[i + 1];
  if (!as || !Object.hasOwn(SIDES, as)) {
    console.error('usage: npm run wait-turn -- --as <deploy|rollback>');
    process.exit(2);
  }
  const { GITHUB_REPOSITORY: repo, GITHUB_RUN_ID: runId, GITHUB_RUN_ATTEMPT: attempt, GITHUB_TOKEN: token } = process.env;
  if (!repo || !runId || !token) {
    console.error('wait-turn: runs in the pipeline only (it needs GITHUB_REPOSITORY, GITHUB_RUN_ID and GITHUB_TOKEN)');
    process.exit(2);
  }
  try {
    process.exit((await waitTurn({ as, repo, runId, attempt: attempt ?? 1, token })) ? 0 : 1);
  } catch (e) {
    console.error(`wait-turn: ${e.message}`);
    process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main(process.argv.slice(2));
