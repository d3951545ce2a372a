import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
// @ts-expect-error: a plain .mjs script, without types
import { PREVIEW_LABEL } from '../../scripts/preview-github.mjs';
// @ts-expect-error: a plain .mjs script, without types
import { SIDES as untypedSides, WAIT_MINUTES as untypedWaitMinutes } from '../../scripts/wait-turn.mjs';
import { type Context, evaluate, runs } from './github-expression';

/**
 * What a maintainer relies on in .github/workflows/, read from the files
 * themselves: which job runs for which event (the `if:` conditions evaluated
 * as GitHub does), where the Cloudflare tokens go, and what reaches a shell.
 * actionlint (`npm run lint:workflows`) checks that GitHub can read them.
 */
interface Step {
  name?: string;
  id?: string;
  uses?: string;
  'working-directory'?: string;
  run?: string;
  if?: string;
  with?: Record<string, string>;
  env?: Record<string, string>;
}
type Concurrency = string | { group: string; 'cancel-in-progress'?: boolean | string };
interface Job {
  name?: string;
  needs?: string | string[];
  if?: string;
  environment?: string | { name: string; url?: string };
  permissions?: Record<string, string>;
  env?: Record<string, string>;
  concurrency?: Concurrency;
  'timeout-minutes'?: number;
  /** A reusable workflow this job calls (then it has no steps of its own). */
  uses?: string;
  secrets?: string;
  steps: Step[];
}
interface Workflow {
  name: string;
  on: Record<string, { types?: string[]; branches?: string[] } | null>;
  permissions?: Record<string, string>;
  env?: Record<string, string>;
  concurrency?: Concurrency;
  jobs: Record<string, Job>;
}
const SIDES = untypedSides as Record<'deploy' | 'rollback', { workflow: string; job: string }>;
const WAIT_MINUTES = untypedWaitMinutes as number;

const root = path.resolve(import.meta.dirname, '../..');
const dir = path.join(root, '.github/workflows');
const workflows = Object.fromEntries(
  readdirSync(dir)
    .filter((f) => f.endsWith('.yml'))
    .map((f) => [f, parse(readFileSync(path.join(dir, f), 'utf8')) as Workflow]),
);
const ci = workflows['ci.yml']!;
/** A bot's pull request approved by a maintainer's `preview` label. */
const approved = workflows['preview-approved.yml']!;
/** The preview's job itself, which both of them call. */
const previewJob = workflows['preview-deploy.yml']!.jobs.deploy!;
const sweep = workflows['previews.yml']!;
const rollbackWorkflow = workflows['rollback.yml']!;
// A job that calls a reusable workflow has no steps of its own: its steps are the called job's, counted there.
const allJobs = Object.entries(workflows).flatMap(([file, w]) =>
  Object.entries(w.jobs).map(([id, job]) => ({ file, id, job: { ...job, steps: job.steps ?? [] }, workflow: w })),
);
const needs = (job: Job) => (job.needs === undefined ? [] : [job.needs].flat());
const environment = (job: Job) => (typeof job.environment === 'string' ? job.environment : job.environment?.name);
const runsOf = (job: Job) => job.steps.map((s) => s.run ?? '').join('\n');
/** A GitHub expression as written in a workflow: `expression('github.sha')` is the text dollar, two braces, github.sha, two braces. */
const OPEN = '$' + '{{';
const expression = (inner: string) => `${OPEN} ${inner} }}`;

// ------------------------------------------------------------------ events

const REPO = 'jeepfl/website';
type Who = { login: string; type: 'User' | 'Bot' };
const person: Who = { login: 'camille', type: 'User' };
const maintainer: Who = { login: 'alex', type: 'User' };
const renovate: Who = { login: 'renovate[bot]', type: 'Bot' };
const dependabot: Who = { login: 'dependabot[bot]', type: 'Bot' };

/** The context of a pull_request event, as GitHub builds it. */
function pullRequest(
  action: string,
  {
    author = person,
    actor = author,
    fork = false,
    label,
    closed = false,
  }: { author?: Who; actor?: Who; fork?: boolean; label?: string; closed?: boolean } = {},
): Context {
  return {
    github: {
      event_name: 'pull_request',
      repository: REPO,
      ref: 'refs/pull/42/merge',
      actor: actor.login,
      event: {
        action,
        number: 42,
        ...(label ? { label: { name: label } } : {}),
        sender: { login: actor.login, type: actor.type },
        repository: { default_branch: 'main', full_name: REPO },
        pull_request: {
          number: 42,
          state: action === 'closed' || closed ? 'closed' : 'open',
          user: { login: author.login, type: author.type },
          head: { sha: 'abc', repo: { full_name: fork ? 'someone/website' : REPO } },
          base: { sha: 'def', repo: { full_name: REPO } },
        },
      },
    },
  };
}
const push = (branch: string): Context => ({
  github: { event_name: 'push', repository: REPO, ref: `refs/heads/${branch}`, actor: 'camille', event: { ref: `refs/heads/${branch}` } },
});

/** The jobs of ci.yml (or `workflow`) that run for this event, needs included (a job whose needs do not run does not run). */
function jobsFor(context: Context, workflow: Workflow = ci) {
  const result = new Set<string>();
  const { event_name, event } = context.github as { event_name: string; event: { action?: string } };
  const listens = workflow.on[event_name];
  if (listens === undefined || (listens?.types && !listens.types.includes(event.action ?? ''))) return [];
  let changed = true;
  while (changed) {
    changed = false;
    for (const [id, job] of Object.entries(workflow.jobs)) {
      if (result.has(id) || !needs(job).every((n) => result.has(n)) || !runs(job.if, context)) continue;
      result.add(id);
      changed = true;
    }
  }
  return [...result].sort();
}

describe('which jobs run for which event', () => {
  const checks = ['check', 'content'];

  it.each([
    ['opened', pullRequest('opened')],
    ['synchronize', pullRequest('synchronize')],
    ['reopened', pullRequest('reopened')],
  ])('a person’s pull request from this repository, %s: the checks, then its preview', (_, event) => {
    expect(jobsFor(event)).toEqual([...checks, 'preview'].sort());
  });

  it.each([
    ['opened', pullRequest('opened', { fork: true })],
    ['synchronize', pullRequest('synchronize', { fork: true })],
  ])('a fork’s pull request, %s: the checks, no preview (GitHub gives it no secrets), and the summary says why', (_, event) => {
    expect(jobsFor(event)).toEqual([...checks, 'preview-not-approved'].sort());
  });

  it('a label runs none of the checks again (the editor at /cms labels each change’s status): the commit’s checks stand', () => {
    for (const label of ['decap-cms/draft', 'decap-cms/pending_publish', 'documentation', PREVIEW_LABEL])
      expect(jobsFor(pullRequest('labeled', { label, actor: maintainer })), label).toEqual([]);
    expect(jobsFor(pullRequest('labeled', { label: 'decap-cms/pending_review', actor: maintainer }), approved)).toEqual([]);
  });

  it('a fork’s pull request labeled `preview` by a maintainer still gets no preview: push its branch here instead', () => {
    expect(jobsFor(pullRequest('labeled', { fork: true, label: PREVIEW_LABEL, actor: maintainer }), approved)).toEqual([]);
  });

  it.each([
    ['Renovate opens it', pullRequest('opened', { author: renovate })],
    ['Renovate pushes to it', pullRequest('synchronize', { author: renovate })],
    ['Dependabot opens it', pullRequest('opened', { author: dependabot })],
    ['a bot pushes to a person’s pull request', pullRequest('synchronize', { author: person, actor: renovate })],
  ])('%s: no preview until a maintainer approves, and the comment asks for it', (_, event) => {
    expect(jobsFor(event)).toEqual([...checks, 'preview-not-approved'].sort());
  });

  it('a maintainer’s `preview` label on a bot’s pull request approves that commit: its preview', () => {
    expect(jobsFor(pullRequest('labeled', { author: renovate, actor: maintainer, label: PREVIEW_LABEL }), approved)).toEqual(['preview']);
    expect(approved.jobs.preview!.uses).toBe(ci.jobs.preview!.uses);
  });

  it.each([
    [
      'the bot labels its own pull request `preview` (renovate.json can ask for labels)',
      pullRequest('labeled', { author: renovate, actor: renovate, label: PREVIEW_LABEL }),
    ],
    ['a maintainer adds another label', pullRequest('labeled', { author: renovate, actor: maintainer, label: 'dependencies' })],
  ])('%s: no preview', (_, event) => {
    expect(jobsFor(event, approved)).toEqual([]);
  });

  it('for every push to a pull request, exactly one of `preview` and `preview-not-approved` runs', () => {
    for (const action of ['opened', 'synchronize', 'reopened'])
      for (const author of [person, renovate, dependabot])
        for (const actor of [author, maintainer, renovate])
          for (const fork of [false, true]) {
            const ran = jobsFor(pullRequest(action, { author, actor, fork }));
            expect(
              ran.filter((j) => j === 'preview' || j === 'preview-not-approved'),
              `${action} ${author.login} ${actor.login} fork=${fork}`,
            ).toHaveLength(1);
          }
  });

  it('closing (or merging) a pull request deletes its preview, and checks nothing', () => {
    expect(jobsFor(pullRequest('closed'))).toEqual(['preview-delete']);
    expect(jobsFor(pullRequest('closed', { author: renovate }))).toEqual(['preview-delete']);
    // A fork never had one, and its run gets no token.
    expect(jobsFor(pullRequest('closed', { fork: true }))).toEqual([]);
  });

  it('a label added to a closed (or merged) pull request checks nothing and brings no preview back', () => {
    expect(jobsFor(pullRequest('labeled', { closed: true, label: PREVIEW_LABEL, actor: maintainer }), approved)).toEqual([]);
  });

  it('staging and production are deployed from main only, on a push, after the checks', () => {
    expect(ci.on.push?.branches).toEqual(['main']);
    expect(jobsFor(push('main'))).toEqual(['check', 'content', 'deploy-production', 'deploy-staging']);
    expect(jobsFor(push('some-branch'))).toEqual(checks);
    for (const id of ['deploy-staging', 'deploy-production']) expect(needs(ci.jobs[id]!)).toEqual(['check']);
  });

  it('the events ci.yml listens to are the ones these answers assume', () => {
    expect(ci.on.pull_request?.types).toEqual(['opened', 'synchronize', 'reopened', 'closed']);
    expect(approved.on).toEqual({ pull_request: { types: ['labeled'] } });
    expect(approved.jobs.preview!.if).toContain(`github.event.label.name == '${PREVIEW_LABEL}'`);
  });
});

describe('content first', () => {
  it('the `content` job runs npm run content:check alone, needing nothing, and every other check waits for it', () => {
    const content = ci.jobs.content!;
    expect(needs(content)).toEqual([]);
    expect(content.steps.map((s) => s.run).filter(Boolean)).toEqual(['npm ci --no-audit --no-fund', 'npm run content:check']);
    expect(needs(ci.jobs.check!)).toEqual(['content']);
    expect(needs(ci.jobs.preview!)).toEqual(['content', 'check']);
  });

  it('.ci/run checks content first when a maintainer runs it, and leaves it to the `content` job in GitHub Actions', () => {
    const script = readFileSync(path.join(root, '.ci/run'), 'utf8');
    const stages = [...script.matchAll(/stage "([^"]+)" ([^;\n]*)/g)].map((m) => m[2]);
    expect(stages.indexOf('npm run content:check')).toBe(stages.indexOf('npm ci --no-audit --no-fund') + 1);
    expect(script).toContain('if ! in_actions; then stage "Content" npm run content:check; fi');
  });
});

describe('previews', () => {
  it('`preview` deploys with npm run preview, puts the address in the comment, and takes the approving label off', () => {
    const text = runsOf(previewJob);
    expect(text).toContain('npm run preview -- deploy --pr "$PR" --commit "$HEAD_SHA"');
    expect(text).toContain('npm run preview -- comment --pr "$PR" --state "$STATE"');
    expect(text).toContain(`issues/$PR/labels/${PREVIEW_LABEL}`);
    expect(environment(previewJob)).toBe('preview');
    expect(previewJob.environment).toMatchObject({ url: expression('steps.deploy.outputs.url') });
    expect(ci.jobs.preview!.uses).toBe('./.github/workflows/preview-deploy.yml');
  });

  it('a closed pull request’s preview is deleted with main’s code, and the leftovers are swept every night', () => {
    const job = ci.jobs['preview-delete']!;
    expect(runsOf(job)).toContain('npm run preview -- delete --pr "$PR"');
    expect(runsOf(job)).toContain('npm run preview -- comment --pr "$PR" --state deleted');
    expect(job.steps.find((s) => s.uses?.startsWith('actions/checkout@'))!.with).toEqual({
      ref: expression('github.event.repository.default_branch'),
    });
    expect(Object.keys(sweep.on).sort()).toEqual(['schedule', 'workflow_dispatch']);
    expect(runsOf(sweep.jobs.sweep!)).toContain('npm run preview -- sweep');
    expect(environment(sweep.jobs.sweep!)).toBe('preview');
  });

  it('the job that asks a bot’s pull request for approval runs main’s code, never the pull request’s', () => {
    const job = ci.jobs['preview-not-approved']!;
    expect(job.steps.find((s) => s.uses?.startsWith('actions/checkout@'))!.with).toEqual({
      ref: expression('github.event.repository.default_branch'),
    });
    expect(job.steps.some((s) => /npm (ci|install)/.test(s.run ?? ''))).toBe(false);
    expect(environment(job)).toBeUndefined();
  });
});

describe('tokens and shells', () => {
  const token = /secrets\.CLOUDFLARE_API_TOKEN/;
  const holdsToken = (job: Job) => token.test(JSON.stringify(job));

  it('a job that holds a Cloudflare token takes it from an environment: production’s and staging’s on main only, previews’ otherwise', () => {
    const holders = allJobs.filter(({ job }) => holdsToken(job));
    expect(holders.map(({ file, id }) => `${file} ${id}`).sort()).toEqual([
      'ci.yml deploy-production',
      'ci.yml deploy-staging',
      'ci.yml preview-delete',
      'preview-deploy.yml deploy',
      'previews.yml sweep',
      'rollback.yml rollback',
    ]);
    for (const { file, id, job } of holders) {
      const env = environment(job);
      expect(['production', 'staging', 'preview'], `${file} ${id}`).toContain(env);
      if (file === 'ci.yml' && env !== 'preview') {
        expect(runs(job.if, pullRequest('opened')), `${id} on a pull request`).toBe(false);
        expect(runs(job.if, push('main')), `${id} on main`).toBe(true);
      }
    }
  });

  it('no step that installs dependencies has a Cloudflare token in its environment (install scripts never see it)', () => {
    for (const { file, id, job, workflow } of allJobs) {
      for (const step of job.steps) {
        if (!/\bnpm (ci|install|i)\b/.test(step.run ?? '')) continue;
        const env = { ...workflow.env, ...job.env, ...step.env };
        expect(
          Object.keys(env).filter((k) => /CLOUDFLARE|TOKEN|SECRET/.test(k)),
          `${file} ${id}: ${step.run}`,
        ).toEqual([]);
      }
    }
  });

  it('no expression inside a `run:`: values from the event reach the shell through `env:` only', () => {
    for (const { file, id, job } of allJobs)
      for (const step of job.steps) expect(step.run ?? '', `${file} ${id} ${step.name ?? step.run}`).not.toContain(OPEN);
  });

  it('every action is pinned to a full commit, with its version beside it', () => {
    for (const [file, text] of readdirSync(dir).map((f) => [f, readFileSync(path.join(dir, f), 'utf8')] as const)) {
      // A step's `uses:`, not a key that ends so (`statuses:`).
      const uses = [...text.matchAll(/^\s*(?:- )?uses: (.*)/gm)].map((m) => m[1]!);
      // Or a workflow of this repository (preview-deploy.yml), which changes only with it.
      for (const use of uses)
        expect(use, file).toMatch(/^(?:[\w.-]+\/[\w.-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+|\.\/\.github\/workflows\/[\w.-]+\.yml)$/);
    }
    for (const { job } of allJobs) for (const step of job.steps) if (step.uses) expect(step.uses).toMatch(/@[0-9a-f]{40}$/);
  });

  it('the token of each run reads the repository, and writes on pull requests only in the jobs that comment (and the preview’s commit status in the job that deploys it)', () => {
    for (const [file, w] of Object.entries(workflows)) expect(w.permissions?.contents, file).toBe('read');
    for (const [file, w] of Object.entries(workflows)) expect(Object.values(w.permissions ?? {}), file).not.toContain('write');
    const writers = allJobs.filter(({ job }) => Object.values(job.permissions ?? {}).includes('write'));
    expect(writers.map(({ file, id, job }) => `${file} ${id}: ${JSON.stringify(job.permissions)}`).sort()).toEqual(
      [
        'ci.yml preview-delete: {"contents":"read","pull-requests":"write"}',
        'ci.yml preview-not-approved: {"contents":"read","pull-requests":"write"}',
        // The callers of preview-deploy.yml grant what its job asks (a called job gets no more than its caller has).
        'ci.yml preview: {"contents":"read","pull-requests":"write","statuses":"write"}',
        'preview-approved.yml preview: {"contents":"read","pull-requests":"write","statuses":"write"}',
        'preview-deploy.yml deploy: {"contents":"read","pull-requests":"write","statuses":"write"}',
      ].sort(),
    );
  });
});

describe('production changes one at a time, and none is dropped', () => {
  /** The jobs that change what production runs: a deploy of main, a rollback. */
  const deployJob = ci.jobs['deploy-production']!;
  const rollbackJob = rollbackWorkflow.jobs.rollback!;
  /** Every concurrency group a job is in: its workflow's (evaluated for the event that starts it) and its own. */
  const groupOf = (c: Concurrency | undefined, context: Context) => {
    if (c === undefined) return undefined;
    const text = typeof c === 'string' ? c : c.group;
    return text.replace(/\$\{\{(.*?)\}\}/g, (_, inner: string) => String(evaluate(inner.trim(), context)));
  };
  const dispatch: Context = { github: { event_name: 'workflow_dispatch', ref: 'refs/heads/main', sha: 'f00d', event: {} } };
  const mainPush: Context = { github: { ...(push('main').github as object), sha: 'f00d' } };
  const groupsOf = (workflow: Workflow, job: Job, context: Context) =>
    [groupOf(workflow.concurrency, context), groupOf(job.concurrency, context)].filter((g): g is string => g !== undefined);

  it('a deploy and a rollback are never in the same concurrency group (GitHub keeps one waiting run per group: a newer one cancels it)', () => {
    const deployGroups = groupsOf(ci, deployJob, mainPush);
    const rollbackGroups = groupsOf(rollbackWorkflow, rollbackJob, dispatch);
    expect(deployGroups).toContain('deploy-production');
    expect(rollbackGroups).toEqual(['rollback-production']);
    expect(deployGroups.filter((g) => rollbackGroups.includes(g))).toEqual([]);
    // No other job of any workflow shares their groups either (staging has its own).
    for (const { file, id, job, workflow } of allJobs) {
      if ((file === 'ci.yml' && id === 'deploy-production') || (file === 'rollback.yml' && id === 'rollback')) continue;
      const context = file === 'rollback.yml' ? dispatch : mainPush;
      const groups = groupsOf(workflow, job, context);
      expect(groups, `${file} ${id}`).not.toContain('deploy-production');
      expect(groups, `${file} ${id}`).not.toContain('rollback-production');
    }
  });

  it('neither is ever cancelled once running', () => {
    for (const c of [deployJob.concurrency, rollbackWorkflow.concurrency])
      expect(typeof c === 'object' && c['cancel-in-progress'], JSON.stringify(c)).toBe(false);
  });

  it('each waits for the other kind started before it (npm run wait-turn) before it changes anything, with a token that reads Actions', () => {
    const cases = [
      { job: deployJob, as: 'deploy', changes: (s: Step) => s.uses?.startsWith('cloudflare/wrangler-action@') === true },
      { job: rollbackJob, as: 'rollback', changes: (s: Step) => (s.run ?? '').includes('npm run rollback') },
    ];
    for (const { job, as, changes } of cases) {
      const wait = job.steps.findIndex((s) => s.run === `npm run wait-turn -- --as ${as}`);
      const change = job.steps.findIndex(changes);
      expect(wait, as).toBeGreaterThanOrEqual(0);
      expect(change, as).toBeGreaterThan(wait);
      // Nothing before the wait touches Cloudflare but reading (the preflight, the list of versions).
      expect(
        job.steps.slice(0, wait).some((s) => /wrangler (deploy|rollback)|keep-assets|npm run rollback/.test(s.run ?? '') || changes(s)),
      ).toBe(false);
      expect(job.steps[wait]!.env).toEqual({ GITHUB_TOKEN: expression('github.token') });
      expect(job.permissions).toEqual({ contents: 'read', actions: 'read' });
      // Room for the longest wait, then the work itself.
      expect(job['timeout-minutes']!, as).toBeGreaterThanOrEqual(WAIT_MINUTES + 10);
    }
  });

  it('wait-turn looks for the jobs by the names the workflows give them', () => {
    expect(SIDES.deploy).toMatchObject({ workflow: 'ci.yml', job: deployJob.name });
    expect(SIDES.rollback).toMatchObject({ workflow: 'rollback.yml', job: rollbackJob.name });
  });

  it('the rollback is one command, the one a person would type: it keeps the version’s files before wrangler switches', () => {
    expect(runsOf(rollbackJob)).toContain('npm run rollback -- --env production --version "$VERSION" --reason "$REASON"');
    for (const { file, id, job } of allJobs) expect(runsOf(job), `${file} ${id}`).not.toMatch(/wrangler rollback/);
    expect(Object.keys(rollbackWorkflow.on)).toEqual(['workflow_dispatch']);
    expect(environment(rollbackJob)).toBe('production');
  });

  it('when files of the version are gone, its commit is checked out and built first, only then, in steps without the token', () => {
    const steps = rollbackJob.steps;
    const at = (find: (s: Step) => boolean) => steps.findIndex(find);
    const wait = at((s) => s.run === 'npm run wait-turn -- --as rollback');
    const check = at((s) => s.run === 'npm run rollback -- --env production --version "$VERSION" --check');
    const checkout = at((s) => s.uses?.startsWith('actions/checkout@') === true && s.with?.path !== undefined);
    const build = at((s) => s['working-directory'] !== undefined);
    const roll = at((s) => (s.run ?? '').includes('--reason "$REASON"'));
    expect([wait, check, checkout, build, roll].every((i, n, all) => n === 0 || i > all[n - 1]!)).toBe(true);
    expect(roll).toBe(steps.length - 1);

    // The check only reads, with the token; it says which commit and whether to build.
    expect(steps[check]!.id).toBe('check');
    expect(steps[check]!.env).toMatchObject({ CLOUDFLARE_API_TOKEN: expression('secrets.CLOUDFLARE_API_TOKEN') });
    const needed = "steps.check.outputs.rebuild == 'true'";
    // That commit, in a folder of its own, built as its deploy built it: without the token.
    expect(steps[checkout]!.if).toBe(needed);
    expect(steps[checkout]!.with).toEqual({ ref: expression('steps.check.outputs.commit'), path: 'rebuilt', 'persist-credentials': false });
    expect(steps[build]!.if).toBe(needed);
    expect(steps[build]!['working-directory']).toBe('rebuilt');
    expect(steps[build]!.run!.trim().split('\n')).toEqual(['npm ci --no-audit --no-fund', 'npm run build -- --for production']);
    expect(JSON.stringify(steps[build])).not.toMatch(/secrets\.|TOKEN/);
    // The rollback makes the gone files again from that folder.
    expect(steps[roll]!.run).toBe('npm run rollback -- --env production --version "$VERSION" --reason "$REASON" --rebuilt rebuilt');
  });
});

describe('the docs describe the pipeline as it is', () => {
  it('docs/operations.md names every job of ci.yml as GitHub shows it', () => {
    const operations = readFileSync(path.join(root, 'docs/operations.md'), 'utf8');
    for (const job of Object.values(ci.jobs)) expect(operations, job.name).toContain(`**${job.name}**`);
    expect(operations).toContain(`**${sweep.name}**`);
    expect(operations).toContain(`**${rollbackWorkflow.name}**`);
  });

  it('docs/operations.md names the steps in which a deploy and a rollback wait for each other, and the rollback’s command', () => {
    const operations = readFileSync(path.join(root, 'docs/operations.md'), 'utf8');
    const waits = [...ci.jobs['deploy-production']!.steps, ...rollbackWorkflow.jobs.rollback!.steps].filter((s) =>
      s.run?.startsWith('npm run wait-turn'),
    );
    expect(waits).toHaveLength(2);
    for (const step of waits) expect(operations).toContain(`**${step.name}**`);
    expect(operations).toContain('npm run rollback -- --env production --version <version-id> --reason');
  });

  it('docs/operations.md names every named step of the rollback, as GitHub shows it', () => {
    const operations = readFileSync(path.join(root, 'docs/operations.md'), 'utf8');
    const named = rollbackWorkflow.jobs.rollback!.steps.filter((s) => s.name);
    expect(named.length).toBeGreaterThanOrEqual(6);
    for (const step of named) expect(operations, step.name).toContain(`**${step.name}**`);
  });
});

describe('the hourly site check', () => {
  const check = workflows['site-check.yml']!;
  const job = check.jobs.check!;

  it('runs the smoke test of production every hour, and by hand', () => {
    expect(Object.keys(check.on).sort()).toEqual(['schedule', 'workflow_dispatch']);
    expect((check.on.schedule as unknown as { cron: string }[])[0]!.cron).toMatch(/^\d+ \* \* \* \*$/);
    expect(runsOf(job)).toContain('npm run smoke -- --env production');
  });

  it('tells the chat when it fails, with the repository’s webhook secret and no Cloudflare token, never waiting for a reviewer', () => {
    const tell = job.steps.find((s) => s.run?.startsWith('npm run alert'))!;
    expect(tell.if).toBe('failure()');
    expect(tell.env).toMatchObject({ ALERT_WEBHOOK_URL: expression('secrets.ALERT_WEBHOOK_URL') });
    expect(environment(job)).toBeUndefined();
    expect(JSON.stringify(job)).not.toContain('CLOUDFLARE_API_TOKEN');
  });
});

describe('the expression reader itself', () => {
  it('compares as GitHub does: strings without case, missing values as null', () => {
    const context = pullRequest('labeled', { label: 'Preview' });
    expect(evaluate("github.event.label.name == 'preview'", context)).toBe(true);
    expect(evaluate("github.event.nothing.here == 'x'", context)).toBe(false);
    expect(evaluate("github.event.action != 'closed'", push('main'))).toBe(true);
    expect(evaluate("endsWith('renovate[bot]', '[BOT]') && !contains(fromJSON('[\"a\", \"b\"]'), 'c')", context)).toBe(true);
    expect(evaluate("'' || 'fallback'", context)).toBe('fallback');
  });
});
