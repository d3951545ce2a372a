import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script, without types
import * as untyped from '../../scripts/wait-turn.mjs';

type Side = 'deploy' | 'rollback';
const { waitTurn, SIDES, WAIT_MINUTES } = untyped as {
  SIDES: Record<Side, { workflow: string; job: string }>;
  WAIT_MINUTES: number;
  waitTurn: (o: {
    as: Side;
    repo: string;
    runId: number;
    attempt?: number;
    token: string;
    fetch: typeof fetch;
    sleep: (ms: number) => Promise<void>;
    now: () => number;
    intervalMs?: number;
    log?: (l: string) => void;
  }) => Promise<boolean>;
};

const REPO = 'jeepfl/website';
const T0 = Date.parse('2026-05-12T10:00:00Z');

interface Job {
  id: number;
  run: number;
  workflow: string;
  name: string;
  status: 'queued' | 'waiting' | 'in_progress' | 'completed';
  started?: number;
}

/**
 * GitHub's Actions API for one repository, as GitHub answers: a workflow's
 * runs filtered by `status`, a run's jobs (the latest attempt, or one attempt),
 * each job with its `name`, `status` and `started_at`. The clock is the
 * test's: `sleep` moves it, and `at` changes a job at a given time.
 */
function fakeGitHub(jobs: Job[]) {
  let clock = T0;
  const changes: { time: number; apply: () => void }[] = [];
  const asked: string[] = [];
  const json = (value: unknown, status = 200) => new Response(JSON.stringify(value), { status });
  const jobJson = (j: Job) => ({
    id: j.id,
    run_id: j.run,
    run_attempt: 1,
    workflow_name: j.workflow === 'ci.yml' ? 'CI' : 'Rollback production',
    name: j.name,
    status: j.status,
    conclusion: j.status === 'completed' ? 'success' : null,
    started_at: new Date(j.started ?? clock).toISOString(),
    completed_at: j.status === 'completed' ? new Date(clock).toISOString() : null,
    html_url: `https://github.com/${REPO}/actions/runs/${j.run}/job/${j.id}`,
  });
  const fetchFake = (async (input: URL | string | Request, init: RequestInit = {}) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    asked.push(url.pathname);
    if (new Headers(init.headers).get('Authorization') !== 'Bearer ghs_run_token') return json({ message: 'Bad credentials' }, 401);
    const prefix = `/repos/${REPO}/actions`;
    let m = new RegExp(`^${prefix}/runs/(\\d+)(?:/attempts/\\d+)?/jobs$`).exec(url.pathname);
    if (m) {
      const run = jobs.filter((j) => j.run === Number(m![1]));
      return json({ total_count: run.length, jobs: run.map(jobJson) });
    }
    m = new RegExp(`^${prefix}/workflows/([\\w.-]+)/runs$`).exec(url.pathname);
    if (m) {
      const status = url.searchParams.get('status');
      const runs = [...new Set(jobs.filter((j) => j.workflow === m![1]).map((j) => j.run))].map((id) => {
        const of = jobs.filter((j) => j.run === id);
        const runStatus = of.some((j) => j.status === 'in_progress')
          ? 'in_progress'
          : of.every((j) => j.status === 'completed')
            ? 'completed'
            : 'queued';
        return {
          id,
          name: m![1],
          path: `.github/workflows/${m![1]}`,
          status: runStatus,
          html_url: `https://github.com/${REPO}/actions/runs/${id}`,
        };
      });
      const shown = runs.filter((r) => !status || r.status === status);
      return json({ total_count: shown.length, workflow_runs: shown });
    }
    return json({ message: 'Not Found' }, 404);
  }) as typeof fetch;
  return {
    fetch: fetchFake,
    asked,
    now: () => clock,
    sleep: async (ms: number) => {
      clock += ms;
      for (const c of changes.filter((c) => c.time <= clock)) c.apply();
      changes.splice(0, changes.length, ...changes.filter((c) => c.time > clock));
    },
    at(time: number, apply: () => void) {
      changes.push({ time, apply });
    },
  };
}

const deploy = (id: number, started: number, status: Job['status'] = 'in_progress'): Job => ({
  id,
  run: id * 10,
  workflow: 'ci.yml',
  name: SIDES.deploy.job,
  status,
  started,
});
const rollbackJob = (id: number, started: number, status: Job['status'] = 'in_progress'): Job => ({
  id,
  run: id * 10,
  workflow: 'rollback.yml',
  name: SIDES.rollback.job,
  status,
  started,
});

function turn(gh: ReturnType<typeof fakeGitHub>, as: Side, job: Job, lines: string[] = []) {
  let slept = 0;
  const result = waitTurn({
    as,
    repo: REPO,
    runId: job.run,
    token: 'ghs_run_token',
    fetch: gh.fetch,
    now: gh.now,
    sleep: async (ms) => {
      slept++;
      await gh.sleep(ms);
    },
    log: (l) => lines.push(l),
  });
  return result.then((ok) => ({ ok, slept }));
}

describe('a production deploy and a rollback wait for each other (npm run wait-turn)', () => {
  it('goes ahead at once when nothing of the other kind is running', async () => {
    const me = deploy(1, T0);
    const gh = fakeGitHub([me, { ...deploy(2, T0), name: 'Checks (npm ci, typecheck, knip, actionlint, all test tiers)', run: 10 }]);
    const lines: string[] = [];
    expect(await turn(gh, 'deploy', me, lines)).toEqual({ ok: true, slept: 0 });
    expect(lines).toEqual(['wait-turn: no rollback of production started before this production deploy is running: going ahead']);
  });

  it('a deploy waits for the rollback that started first, then goes: the deploy is what stays live', async () => {
    const earlier = rollbackJob(7, T0 - 60_000);
    const me = deploy(8, T0);
    const gh = fakeGitHub([earlier, me]);
    gh.at(T0 + 40_000, () => {
      earlier.status = 'completed';
    });
    const lines: string[] = [];
    expect(await turn(gh, 'deploy', me, lines)).toEqual({ ok: true, slept: 3 });
    expect(lines[0]).toBe(
      `wait-turn: waiting for the rollback of production that started first to finish: https://github.com/${REPO}/actions/runs/70/job/7 (started 2026-05-12T09:59:00.000Z)`,
    );
    expect(lines.at(-1)).toContain('going ahead');
  });

  it('a rollback waits for the deploy that started first, however it was queued: neither is cancelled', async () => {
    const earlier = deploy(3, T0 - 120_000);
    const me = rollbackJob(4, T0);
    const gh = fakeGitHub([earlier, me]);
    gh.at(T0 + 5 * 60_000, () => {
      earlier.status = 'completed';
    });
    const result = await turn(gh, 'rollback', me);
    expect(result.ok).toBe(true);
    expect(result.slept).toBeGreaterThan(10);
  });

  it.each([
    ['the deploy started first', T0 - 1000, T0],
    ['the rollback started first', T0, T0 - 1000],
    ['both started the same second (the lower job id goes first)', T0, T0],
  ])('with both running, exactly one goes and the other waits: %s', async (_, deployStart, rollbackStart) => {
    const d = deploy(5, deployStart);
    const r = rollbackJob(6, rollbackStart);
    const gh = fakeGitHub([d, r]);
    // Neither finishes while they are asked: the one that must wait waits until its deadline.
    const [asDeploy, asRollback] = await Promise.all([turn(gh, 'deploy', d), turn(fakeGitHub([d, r]), 'rollback', r)]);
    expect([asDeploy.ok, asRollback.ok].filter(Boolean)).toHaveLength(1);
    const deployFirst = deployStart < rollbackStart || (deployStart === rollbackStart && d.id < r.id);
    expect(asDeploy.ok).toBe(deployFirst);
  });

  it('ignores the other kind’s jobs that are only queued or waiting for approval, and the other jobs of its workflow', async () => {
    const me = rollbackJob(9, T0);
    const gh = fakeGitHub([
      me,
      deploy(1, T0 - 60_000, 'waiting'),
      { ...deploy(2, T0 - 60_000), name: 'Deploy to staging' },
      { ...deploy(3, T0 - 60_000), name: 'Checks (npm ci, typecheck, knip, actionlint, all test tiers)' },
    ]);
    expect(await turn(gh, 'rollback', me)).toEqual({ ok: true, slept: 0 });
  });

  it(`gives up after ${WAIT_MINUTES} minutes, having changed nothing, and says which run to look at`, async () => {
    const stuck = deploy(1, T0 - 60_000);
    const me = rollbackJob(2, T0);
    const gh = fakeGitHub([stuck, me]);
    const lines: string[] = [];
    const result = await turn(gh, 'rollback', me, lines);
    expect(result.ok).toBe(false);
    expect(gh.now() - T0).toBeLessThanOrEqual(WAIT_MINUTES * 60_000);
    expect(lines.at(-1)).toBe(
      `wait-turn: the production deploy https://github.com/${REPO}/actions/runs/10/job/1 (started 2026-05-12T09:59:00.000Z) is still running after ${WAIT_MINUTES} minutes: this rollback of production stops here, having changed nothing. Look at that run; once it is over, run this one again (Re-run jobs).`,
    );
  });

  it('asks again when GitHub fails for a moment', async () => {
    const me = deploy(1, T0);
    const gh = fakeGitHub([me]);
    const lines: string[] = [];
    // The first question (this job's own) answers; the next two fail, then GitHub is back.
    let calls = 0;
    const fetchFlaky = (async (input: URL | string | Request, init?: RequestInit) => {
      calls++;
      if (calls === 2 || calls === 3) return new Response('{"message":"Server Error"}', { status: 502 });
      return gh.fetch(input, init);
    }) as typeof fetch;
    const ok = await waitTurn({
      as: 'deploy',
      repo: REPO,
      runId: me.run,
      token: 'ghs_run_token',
      fetch: fetchFlaky,
      now: gh.now,
      sleep: gh.sleep,
      log: (l) => lines.push(l),
    });
    expect(ok).toBe(true);
    expect(lines.filter((l) => l.startsWith('wait-turn: could not ask GitHub'))).toHaveLength(2);
  });

  it('stops with the reason when its own job is not found under the name it expects', async () => {
    const me = { ...deploy(1, T0), name: 'Deploy production (renamed)' };
    const gh = fakeGitHub([me]);
    await expect(turn(gh, 'deploy', me)).rejects.toThrow(
      'this run has no job named "Deploy to production" in progress: scripts/wait-turn.mjs and the workflow disagree on its name',
    );
  });
});
