// The GitHub side of `npm run preview` (scripts/preview.mjs): a pull
// request's state, which `sweep` asks, and the one comment of the pipeline
// that gives the preview's address, which `comment` writes.
//
// `comment` also runs in a job that never ran `npm ci` (`preview-not-approved`
// in .github/workflows/ci.yml: it holds a write token, so it installs nothing),
// so this module imports nothing: fetch is Node's own.

/** The label a maintainer adds to approve one commit of a pull request the pipeline does not trust by itself (docs/operations.md, "Previews"). */
export const PREVIEW_LABEL = 'preview';
/** The first line of the pipeline's comment on a pull request: how `comment` finds it again. */
export const COMMENT_MARKER = '<!-- jeepfl-preview -->';

/**
 * The context of the commit status that carries a preview's address: the
 * editor at /cms shows the link of the status with this context
 * (`preview_context` in its configuration), and GitHub lists it among the
 * pull request's checks.
 */
export const PREVIEW_STATUS_CONTEXT = 'site/preview';

/**
 * The commit status for a preview's state (GitHub's `success`, `failure`),
 * with the address it links to; undefined for the states that tell nothing
 * of the commit's own preview (waiting for approval, deleted).
 */
export function previewStatus({ state, url, runUrl }) {
  if (state === 'deployed') return { state: 'success', target_url: url, description: 'Preview of this commit' };
  if (state === 'smoke-failed') return { state: 'failure', target_url: url, description: 'Online, but its smoke test failed' };
  if (state === 'failed') return { state: 'failure', target_url: runUrl, description: 'The deploy of the preview failed' };
  return undefined;
}

/** GitHub's REST API for one repository: a pull request's state, and the pipeline's comment on it. */
export function github({ repo, token, fetch = globalThis.fetch }) {
  const call = (pathname, { method = 'GET', body } = {}) =>
    fetch(`https://api.github.com/repos/${repo}${pathname}`, {
      method,
      headers: {
        Accept: 'application/vnd.github+json',
        'X-GitHub-Api-Version': '2022-11-28',
        'User-Agent': 'jeepfl-website-preview',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'Content-Type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  const json = async (res, what) => {
    if (!res.ok)
      throw new Error(
        `GitHub answered ${res.status} to ${what}${res.status === 404 && !token ? ' (a private repository needs GITHUB_TOKEN)' : ''}`,
      );
    return res.json();
  };
  return {
    /** Sets the preview's commit status on a commit (a status: PREVIEW_STATUS_CONTEXT and previewStatus's fields). */
    async setStatus(sha, status) {
      const body = { context: PREVIEW_STATUS_CONTEXT, ...status };
      if (!body.target_url) delete body.target_url;
      await json(await call(`/statuses/${sha}`, { method: 'POST', body }), `the status of commit ${sha.slice(0, 7)}`);
    },
    /** 'open', 'closed', or 'missing' when the repository has no such pull request. */
    async prState(pr) {
      const res = await call(`/pulls/${pr}`);
      if (res.status === 404 && token) return 'missing';
      return (await json(res, `the question about pull request #${pr}`)).state;
    },
    /**
     * Writes `body` as the pipeline's one comment on the pull request: the
     * comment that starts with COMMENT_MARKER is edited, or, if there is none
     * and `create` is true, a new one is added. Returns 'created', 'updated'
     * or 'none'.
     */
    async upsertComment(pr, body, { create = true } = {}) {
      let existing;
      for (let page = 1; !existing; page++) {
        const comments = await json(await call(`/issues/${pr}/comments?per_page=100&page=${page}`), `the list of comments of #${pr}`);
        existing = comments.find((c) => typeof c.body === 'string' && c.body.startsWith(COMMENT_MARKER));
        if (comments.length < 100) break;
      }
      if (existing) {
        await json(await call(`/issues/comments/${existing.id}`, { method: 'PATCH', body: { body } }), 'the edit of the comment');
        return 'updated';
      }
      if (!create) return 'none';
      await json(await call(`/issues/${pr}/comments`, { method: 'POST', body: { body } }), 'the new comment');
      return 'created';
    },
  };
}

const short = (sha) => (sha ? `\`${sha.slice(0, 7)}\`` : 'the newest commit');

/** The states of a preview that the comment can tell, in `--state`'s words. */
export const COMMENT_STATES = ['deployed', 'smoke-failed', 'failed', 'waiting', 'deleted'];

/**
 * The pipeline's comment on a pull request, for each state of its preview:
 * deployed (or deployed but failing its smoke test), failed, waiting for a
 * maintainer's approval, deleted. Plain words: editors read it.
 */
export function commentBody({ state, url, commit, runUrl, author }) {
  const run = runUrl ? `[the run's log](${runUrl})` : "the run's log";
  const lines = {
    deployed: [
      '### Preview of this pull request',
      '',
      `**${url}**`,
      '',
      `It shows commit ${short(commit)}. Each push updates it (a few minutes after the push, once the checks pass): if the commit above is not your newest one, the checks of your push are still running, or failed.`,
      '',
      'It is a test site: search engines never see it, every page says so, and its forms answer but send no e-mail. It is deleted when this pull request is closed or merged.',
    ],
    'smoke-failed': [
      '### Preview of this pull request: online, but its smoke test FAILED',
      '',
      `**${url}**`,
      '',
      `Commit ${short(commit)} is online there, but the smoke test found a problem: ${run} names it (the \`FAIL\` lines).`,
    ],
    failed: [
      '### Preview of this pull request: the deploy FAILED',
      '',
      `Commit ${short(commit)} could not be put online: ${run} says why. A network or "internal error" usually passes: **Re-run failed jobs** on that run. An earlier preview, if any, still shows an older commit.`,
    ],
    waiting: [
      '### No preview yet: a maintainer must approve this commit',
      '',
      `This pull request comes from ${author ? `\`${author}\`, ` : ''}an automated account, so the pipeline did not hand it the Cloudflare token. A maintainer who has read the change (the **Files changed** tab) can add the label \`${PREVIEW_LABEL}\`: the pipeline then puts commit ${short(commit)} online and takes the label off again. It approves that commit only: a later push needs the label again.`,
      '',
      'An earlier preview, if one was approved, still shows an older commit.',
    ],
    deleted: ['### Preview deleted', '', 'This pull request is closed, so its preview has been deleted.'],
  }[state];
  if (!lines) throw new Error(`unknown state "${state}": deployed, smoke-failed, failed, waiting or deleted`);
  return [COMMENT_MARKER, ...lines].join('\n');
}
