import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { SENT_RETENTION_DAYS } from '#client/retention.ts';
import type { AppEnv } from '../env';
import { decodeCursor, encodeCursor } from '../forms/outbox-cursor';
import { outbox } from '../forms/outbox-object';
import type { Submission } from '../forms/outbox-submission';
import { errorFields } from '../platform/log';
import { clientAddress } from '../request/client-address';
import { runSteps } from '../request/run-steps';
import { readOps } from '../secrets';
import { exportStream } from './admin-export';

/**
 * /admin/outbox…: what `npm run outbox` (scripts/outbox-cli.mjs) talks to, behind
 * the route of ./admin.ts, loaded with the first admin request (part of
 * worker/on-demand.ts: a page never parses it). The
 * only ways visitor data leaves the outbox are `show` and `export`.
 *
 *   GET  /admin/outbox[?state=pending|dead|sent][&cursor=…]
 *                                                  a page of submissions (1,000), newest first, without what visitors
 *                                                  wrote, and `next`: the cursor of the following page, or null
 *   GET  /admin/outbox/<id>                        one submission, whole
 *   POST /admin/outbox/<id>/resend  {"force":true} back to pending: the next cron run sends what is missing
 *   POST /admin/outbox/resend-dead                 every dead one back to pending
 *   DELETE /admin/outbox/<id>                      gone (a test, spam, or a visitor's request to be forgotten)
 *   GET  /admin/outbox/export[?since=YYYY-MM-DD]   CSV of every submission kept, streamed (routes/admin-export.ts)
 *
 * Closed by default: every request needs `Authorization: Bearer <ADMIN_TOKEN>`
 * (a secret; unset, nothing opens). Anything else, a wrong or missing token,
 * or more than 20 requests a minute from one client (ADMIN_LIMITER, counted
 * before the token is even looked at), gets the site's ordinary 404 page,
 * exactly as for an address that does not exist, and a log line. Answers are
 * never stored (`no-store`); each action is logged by name and submission id,
 * never with the token. docs/deploy.md adds Cloudflare Access in front.
 */

/** A token longer than this is wrong without being compared (it bounds the work, and tells nothing about the real one). */
const TOKEN_MAX = 512;
const BEARER = /^Bearer +(\S+)$/i;
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const STATES = ['pending', 'dead', 'sent'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

type AdminContext = Context<AppEnv>;

/** The site's own error pages, which the route that mounts the API hands it (./admin.ts, from ./errors.tsx). */
export interface ErrorPages {
  notFound: (c: AdminContext) => Response | Promise<Response>;
  onError: (error: Error, c: AdminContext) => Response | Promise<Response>;
}

async function digest(text: string): Promise<ArrayBuffer> {
  return crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
}

/**
 * Whether `given` is the token, in time that does not depend on how much of
 * it is right: both are hashed to 32 bytes, and every byte is compared,
 * without stopping at the first difference.
 */
async function sameToken(given: string, token: string): Promise<boolean> {
  const [a, b] = (await Promise.all([digest(given), digest(token)])).map((d) => new Uint8Array(d)) as [Uint8Array, Uint8Array];
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}

/** The token of `Authorization: Bearer <token>`, or why there is none. */
function bearer(header: string | undefined): string | null {
  if (!header || header.length > TOKEN_MAX + 16) return null;
  return BEARER.exec(header)?.[1] ?? null;
}

/** The lock in front of every admin route (see the file's comment). */
function gate(notFound: ErrorPages['notFound']): MiddlewareHandler<AppEnv> {
  return async function adminGate(c, next) {
    const client = c.req.header('CF-Connecting-IP') ?? 'unknown';
    // A limiter that cannot answer counts as "over the limit": the lock fails closed, and still looks like a 404.
    const success = await c.env.ADMIN_LIMITER.limit({ key: `admin:${clientAddress(c)}` }).then(
      (r) => r.success,
      () => false,
    );
    const token = readOps(c.env).adminToken;
    const given = bearer(c.req.header('Authorization'));
    // Compared even when the answer is already no: the time taken never tells why.
    const right = await sameToken(given ?? '', token ?? crypto.randomUUID());
    // Only the plain path: the router decodes `/%61dmin`, a rule in front of the Worker (Cloudflare Access) may not.
    const raw = new URL(c.req.url).pathname;
    const plain = (raw === '/admin' || raw.startsWith('/admin/')) && !raw.includes('%');
    const reason = !success
      ? 'rate_limited'
      : !plain
        ? 'encoded_path'
        : !token
          ? 'admin_token_not_set'
          : given === null
            ? 'no_token'
            : !right
              ? 'wrong_token'
              : null;
    if (reason) {
      c.var.log.warn('admin.denied', { reason, client, answered: 'the ordinary 404 page' });
      return notFound(c);
    }
    await next();
    c.header('Cache-Control', 'no-store');
    c.header('X-Robots-Tag', 'noindex');
  };
}

/** A submission as the API shows it: times as ISO strings, like `created`. */
const view = <T extends { nextAttemptAt: number }>(s: T) => ({ ...s, nextAttemptAt: new Date(s.nextAttemptAt).toISOString() });

const problem = (c: AdminContext, status: 400 | 404 | 409, error: string, message: string) => c.json({ error, message }, status);
/** Why an action on one submission did nothing: it is not (or no longer) in the outbox, or it is being sent. */
const notKept = (id: string) => `No submission ${id} in the outbox: sent ones are kept ${SENT_RETENTION_DAYS} days.`;
const beingSent = (id: string) => `${id} is being sent right now: try again in two minutes.`;

/** The logged facts of an action: its name, the submission, the client; never the token. */
const logAction = (c: AdminContext, action: string, fields: Record<string, unknown>) =>
  c.var.log.info('admin.action', { action, ...fields, client: c.req.header('CF-Connecting-IP') ?? 'unknown' });

/** An admin action: the request, and the submission id its path names (empty when it names none). */
type Action = (c: AdminContext, id: string) => Promise<Response> | Response;

async function list(c: AdminContext): Promise<Response> {
  const state = c.req.query('state');
  if (state !== undefined && !(STATES as readonly string[]).includes(state)) {
    return problem(c, 400, 'bad_state', 'The state is one of pending, dead or sent.');
  }
  const cursor = c.req.query('cursor');
  const before = cursor === undefined ? null : decodeCursor(cursor);
  if (cursor !== undefined && !before) {
    return problem(c, 400, 'bad_cursor', 'This cursor is not one the outbox gave: copy it whole from the end of `npm run outbox -- list`.');
  }
  const { submissions, more, next } = await outbox(c.env).list(state as Submission['status'] | undefined, before);
  logAction(c, 'list', { state: state ?? 'all', count: submissions.length, ...(before ? { cursor: true } : {}) });
  return c.json({ submissions: submissions.map(view), more, next: next && encodeCursor(next) });
}

function exportCsv(c: AdminContext): Response {
  const since = c.req.query('since') ?? '1970-01-01';
  // A real day: 2026-02-30 would roll over to March.
  const day = DAY.test(since) ? new Date(`${since}T00:00:00Z`) : null;
  if (!day || Number.isNaN(day.getTime()) || !day.toISOString().startsWith(since))
    return problem(c, 400, 'bad_since', 'The date is written YYYY-MM-DD, e.g. 2026-09-01.');
  // Logged when the body ends (the count is known only then), also when it failed or the client left.
  const body = exportStream(outbox(c.env), day.toISOString(), (end) => {
    logAction(c, 'export', { since, count: end.count, ended: end.ended });
    if (end.ended === 'failed') c.var.log.error('admin.export_failed', { since, count: end.count, ...errorFields(end.error) });
  });
  return c.body(body, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="outbox-export-${since}.csv"`,
  });
}

async function resendDead(c: AdminContext): Promise<Response> {
  const ids = await outbox(c.env).resendDead();
  logAction(c, 'resend-dead', { submissions: ids, count: ids.length });
  return c.json({ resent: ids });
}

async function show(c: AdminContext, id: string): Promise<Response> {
  const submission = await outbox(c.env).get(id);
  if (!submission) return problem(c, 404, 'not_found', notKept(id));
  logAction(c, 'show', { submission: id });
  return c.json({ submission: view(submission) });
}

/** The body of a resend is `{}` or `{"force": true}`, at most 1 KB. */
const resendBody = bodyLimit({ maxSize: 1024, onError: (c) => problem(c, 400, 'bad_body', 'The body is {} or {"force": true}.') });

async function resend(c: AdminContext, id: string): Promise<Response> {
  return runSteps(c, [
    resendBody,
    async () => {
      const body = await c.req.json<unknown>().catch(() => ({}));
      const force = typeof body === 'object' && body !== null && (body as { force?: unknown }).force === true;
      const result = await outbox(c.env).resend(id, force);
      if (!result.ok) logAction(c, 'resend', { submission: id, force, refused: result.error });
      if (!result.ok && result.error === 'not_found') return problem(c, 404, 'not_found', notKept(id));
      if (!result.ok && result.error === 'busy') return problem(c, 409, 'busy', beingSent(id));
      if (!result.ok)
        return problem(c, 409, 'already_sent', `${id} was sent: both e-mails went out. To send the association's copy again, add --force.`);
      logAction(c, 'resend', { submission: id, was: result.was, force });
      return c.json({ submission: view(result.submission), was: result.was });
    },
  ]);
}

async function remove(c: AdminContext, id: string): Promise<Response> {
  const result = await outbox(c.env).remove(id);
  if (!result.ok) logAction(c, 'delete', { submission: id, refused: result.error });
  if (!result.ok && result.error === 'not_found') return problem(c, 404, 'not_found', notKept(id));
  if (!result.ok) return problem(c, 409, 'busy', beingSent(id));
  logAction(c, 'delete', { submission: id, was: result.was });
  return c.json({ deleted: id, was: result.was });
}

/** With an id in the path: checked to be a UUID first. */
const withId =
  (action: Action): Action =>
  (c, id) =>
    ID.test(id) ? action(c, id) : problem(c, 400, 'bad_id', 'A submission id is a UUID, as `npm run outbox -- list` shows it.');

/** The routes, tried in order (a HEAD as its GET; a trailing slash allowed, as Hono's router allows it): the first whose method and path match answers. */
const ACTIONS: [method: string, path: RegExp, action: Action][] = [
  ['GET', /^\/admin\/outbox\/?$/, list],
  ['GET', /^\/admin\/outbox\/export\/?$/, exportCsv],
  ['POST', /^\/admin\/outbox\/resend-dead\/?$/, resendDead],
  ['GET', /^\/admin\/outbox\/([^/]+)\/?$/, withId(show)],
  ['POST', /^\/admin\/outbox\/([^/]+)\/resend\/?$/, withId(resend)],
  ['DELETE', /^\/admin\/outbox\/([^/]+)\/?$/, withId(remove)],
];

/**
 * The action the request names; behind the lock, an admin address that does
 * not exist says so plainly. An action that throws answers the 500 page here,
 * as a route's error did under Hono, so the lock still marks it `no-store`.
 */
async function act(c: AdminContext, onError: ErrorPages['onError']): Promise<Response> {
  const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
  try {
    for (const [m, path, action] of ACTIONS) {
      const match = m === method ? path.exec(c.req.path) : null;
      if (match) return await action(c, match[1] ?? '');
    }
  } catch (error) {
    return onError(error instanceof Error ? error : new Error(String(error)), c);
  }
  return problem(c, 404, 'no_such_route', 'No such admin route: see npm run outbox -- --help.');
}

/** Every request under /admin (./admin.ts): the lock, then the action. */
export function adminApi(c: AdminContext, { notFound, onError }: ErrorPages): Promise<Response> {
  return runSteps(c, [gate(notFound), (c) => act(c, onError)]);
}
