#!/usr/bin/env node
// `npm run outbox -- <command>`: read and repair the outbox, where every form
// submission waits until its e-mails are out (worker/forms/outbox.ts), through
// the Worker's /admin/outbox API:
//
//   npm run outbox -- list [--state pending|dead|sent]    newest first, one line each
//   npm run outbox -- show <id>                           everything about one submission
//   npm run outbox -- resend <id> [--force]               put it back in the queue
//   npm run outbox -- resend --all-dead                   every dead one at once (after fixing what killed them)
//   npm run outbox -- delete <id> [--yes]                 forget it (test, spam, or a visitor's erasure request)
//   npm run outbox -- export [--since 2025-01-31] [--out FILE]   a CSV for the association
//   npm run outbox -- new-token                           make a new ADMIN_TOKEN
//
// Add `--url https://jeepfl.ch` for the real site (default: the local `npm run
// dev`, http://127.0.0.1:8787). Plain http:// to another computer is refused:
// the token would travel in clear.
//
// The token is the Worker secret ADMIN_TOKEN (`npx wrangler secret put
// ADMIN_TOKEN --env production`), kept in the association's password manager.
// It is read from the ADMIN_TOKEN environment variable, then (local site only)
// .dev.vars, else asked for with the typing hidden; never from the command line
// (shell history), never printed. Behind Cloudflare Access, also set
// CF_ACCESS_CLIENT_ID and CF_ACCESS_CLIENT_SECRET (a service token). A wrong token gets the site's ordinary 404
// page, on purpose, and so does anyone past 20 requests a minute.
//
// A `dead` submission is one the cron gave up on (a refused address, too many
// attempts): `show` it, fix the cause, `resend` it; the next cron run (every
// 5 minutes) sends only the e-mails still missing, never the visitor's
// confirmation twice. `resend --force` sends the association's copy of a `sent`
// one again (lost as spam). `delete` forgets one for good: without --yes it
// only says what it would delete. `export` writes visitors' personal data: keep the
// file in the association's drive, never in the repository (git ignores
// outbox-export-*.csv), and delete it when done.
//
// Exit codes: 0 done, 1 the site said no or could not be reached, 2 a bad
// command line (checked before anything is sent). Text from the server is
// stripped of control characters before it is printed: a visitor's message
// could hold terminal escape sequences. Node's fetch only, no dependency.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { inLausanne } from '../content/lausanne.ts';

const root = path.resolve(import.meta.dirname, '..');
const DEFAULT_URL = 'http://127.0.0.1:8787';
const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]'];
const TIMEOUT_MS = 30_000;
const STATES = ['pending', 'dead', 'sent'];
const NETWORK = { ECONNREFUSED: 'nothing answers there', ENOTFOUND: 'no such host name', ECONNRESET: 'the connection was cut' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SECRET_PUT = 'npx wrangler secret put ADMIN_TOKEN --env production';
const COMMANDS = {
  list: ['state', 'url'],
  show: ['url'],
  resend: ['force', 'all-dead', 'url'],
  delete: ['yes', 'url'],
  export: ['since', 'out', 'url'],
  'new-token': [],
};
const USAGE = `usage: npm run outbox -- list [--state pending|dead|sent] [--url URL]
       npm run outbox -- show <id> [--url URL]
       npm run outbox -- resend <id> [--force] [--url URL]
       npm run outbox -- resend --all-dead [--url URL]
       npm run outbox -- delete <id> [--yes] [--url URL]
       npm run outbox -- export [--since YYYY-MM-DD] [--out FILE] [--url URL]
       npm run outbox -- new-token
  URL: the site, e.g. https://jeepfl.ch (default ${DEFAULT_URL}, the local \`npm run dev\`).
  The token comes from the ADMIN_TOKEN environment variable (or is asked for), never from the command line.`;

/** An expected failure: main prints its message on stderr (no stack trace) and exits with its code. */
class Refusal extends Error {}
const fail = (message, code = 1) => {
  throw Object.assign(new Refusal(message), { code });
};
const usage = (message) => fail(`${message}\n${USAGE}`, 2);

let token = '';
/** Text from the server, safe for a terminal: no C0/C1 controls (ESC included) but newlines, no bidi overrides, never the token. */
function clean(value) {
  const text = String(value ?? '')
    .replace(/\r\n?/g, '\n')
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');
  return token ? text.replaceAll(token, '[token]') : text;
}
const oneLine = (value, max = Infinity) => {
  const text = clean(value).replace(/\s*\n\s*/g, ' ');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
};

/** `YYYY-MM-DD HH:MM` in Lausanne (the association's clock), or the raw text if it is not a date. */
function zurich(iso, withTime = true) {
  const date = iso instanceof Date ? iso : new Date(String(iso));
  if (Number.isNaN(date.getTime())) return oneLine(iso);
  const { date: day, time } = inLausanne(date);
  return withTime ? `${day} ${time}` : day;
}

/** `--url`: http(s), nothing after the host but `/`, no user:password, plain http only to this computer. */
function siteOf(raw) {
  if (!URL.canParse(raw.replace(/\/+$/, ''))) usage(`--url: not a URL: ${raw} (write it like https://jeepfl.ch)`);
  const url = new URL(raw.replace(/\/+$/, ''));
  if (url.protocol !== 'https:' && url.protocol !== 'http:') usage(`--url: not an http:// or https:// URL: ${raw}`);
  if (url.username || url.password) usage('--url must not hold a user name or password');
  if (url.pathname !== '/' || url.search || url.hash) usage(`--url: give only the site's address, without a path, ? or #: ${url.origin}`);
  const local = LOCAL_HOSTS.includes(url.hostname);
  if (url.protocol === 'http:' && !local)
    usage(`--url: refused ${raw}: plain http:// would send the admin token in clear. Use https://${url.host}.`);
  return { base: url.origin, local };
}

/** ADMIN_TOKEN from the environment, then .dev.vars (local site only). */
function tokenFromFiles(local) {
  if (process.env.ADMIN_TOKEN?.trim()) return process.env.ADMIN_TOKEN.trim();
  if (!local) return '';
  const file = path.join(root, '.dev.vars');
  const vars = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const m = /^\s*ADMIN_TOKEN\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s#]*))/m.exec(vars);
  return (m?.[1] ?? m?.[2] ?? m?.[3] ?? '').trim();
}

/** Asks on the terminal; what is typed is not echoed. */
function askHidden(question) {
  return new Promise((resolve) => {
    let muted = false;
    const output = new Writable({
      write: (chunk, encoding, done) => {
        if (!muted) process.stderr.write(chunk, encoding);
        done();
      },
    });
    const rl = readline.createInterface({ input: process.stdin, output, terminal: true });
    rl.on('SIGINT', () => {
      rl.close();
      process.stderr.write('\n');
      process.exit(130);
    });
    rl.question(question, (answer) => {
      rl.close();
      process.stderr.write('\n');
      resolve(answer.trim());
    });
    muted = true;
  });
}

async function getToken(site) {
  let found = tokenFromFiles(site.local);
  if (!found && process.stdin.isTTY) found = await askHidden('Admin token (input hidden): ');
  const local = site.local ? '\nFor the local `npm run dev`, put ADMIN_TOKEN="…" in .dev.vars and restart it.' : '';
  if (!found)
    fail(
      `No admin token. Run this in a terminal to be asked for it (hidden), or set ADMIN_TOKEN, e.g.\n  ADMIN_TOKEN=… npm run outbox -- list --url https://jeepfl.ch\nThe token is the Worker secret set with \`${SECRET_PUT}\`, kept in the association's password manager.${local}`,
      2,
    );
  // fetch would refuse such a header with a message that quotes it.
  if (!/^[\x21-\x7e]+$/.test(found))
    fail('The admin token holds spaces or unusual characters: copy it again from the password manager.', 2);
  token = found;
}

/**
 * With Cloudflare Access in front of /admin/* (docs/deploy.md, "The admin
 * routes"), a command passes it with a service token: both environment
 * variables, or neither.
 */
function accessHeaders() {
  const id = process.env.CF_ACCESS_CLIENT_ID?.trim();
  const secret = process.env.CF_ACCESS_CLIENT_SECRET?.trim();
  if (!id && !secret) return {};
  if (!id || !secret) fail('Set both CF_ACCESS_CLIENT_ID and CF_ACCESS_CLIENT_SECRET (the Access service token), or neither.', 2);
  return { 'CF-Access-Client-Id': id, 'CF-Access-Client-Secret': secret };
}

/** One request; on any answer but 2xx (and the statuses in `allow`) it explains and exits 1. */
async function call(site, method, pathname, { body, accept = 'application/json', allow = [] } = {}) {
  const headers = { Authorization: `Bearer ${token}`, Accept: accept, 'User-Agent': 'jeepfl-outbox/1.0', ...accessHeaders() };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let res, bytes;
  try {
    res = await fetch(site.base + pathname, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    bytes = Buffer.from(await res.arrayBuffer());
  } catch (error) {
    const code = error?.cause?.code;
    const reason =
      error?.name === 'TimeoutError'
        ? `no answer within ${TIMEOUT_MS / 1000} s`
        : (NETWORK[code] ?? oneLine(code ?? error?.cause?.message ?? error?.message ?? error));
    fail(`Could not reach the site at ${site.base} (${reason}).${site.local ? ' Is `npm run dev` running?' : ''}`);
  }
  const [type, text] = [res.headers.get('content-type') ?? '', bytes.toString('utf8')];
  let json;
  try {
    json = /json/i.test(type) ? JSON.parse(text) : undefined;
  } catch {}
  const answer = { status: res.status, headers: res.headers, type, bytes, text, json };
  if ((res.status >= 200 && res.status < 300) || allow.includes(res.status)) return answer;
  if (json?.message) fail(`The site refused (${res.status} ${oneLine(json.error ?? '')}): ${clean(json.message)}`);
  const location = res.headers.get('location') ?? '';
  const to = res.status >= 300 && res.status < 400 && URL.canParse(location, site.base) ? new URL(location, site.base) : null;
  if (to?.hostname.endsWith('.cloudflareaccess.com')) {
    fail(
      'Cloudflare Access stopped the request: set CF_ACCESS_CLIENT_ID and CF_ACCESS_CLIENT_SECRET (the service token in the password manager; docs/deploy.md, "The admin routes").',
    );
  }
  if (to) fail(`The site answered ${res.status}, a redirect to ${oneLine(to.href)}: try --url ${oneLine(to.origin)}`);
  if (res.status === 404 && !json) {
    fail(
      `The site answered 404 (its normal "page not found"): either the token is wrong, or ADMIN_TOKEN is not set on this Worker (\`${SECRET_PUT}\`; locally, copy the ADMIN_TOKEN line of .dev.vars.example into .dev.vars and restart \`npm run dev\`), or you have been rate-limited after more than 20 requests in a minute (wait a minute).`,
    );
  }
  fail(`The site answered ${res.status}${text.trim() ? `: ${clean(text.trim().slice(0, 300))}` : ' with an empty body'}`);
}

/** The JSON object an answer must hold, or exit 1. */
function expectJson(answer, key) {
  if (!answer.json || typeof answer.json[key] !== 'object' || answer.json[key] === null)
    fail(`The site answered ${answer.status} without the expected JSON (${key}): is --url the site's address?`);
  return answer.json[key];
}

/** A value as indented `key: value` lines: multi-line text and objects go on the lines below. */
function printValue(key, value, indent) {
  const pad = ' '.repeat(indent);
  const scalar = (v) => v === null || typeof v !== 'object';
  if (Array.isArray(value) && value.every(scalar)) return console.log(`${pad}${oneLine(key)}: ${value.map((v) => oneLine(v)).join(', ')}`);
  if (value && typeof value === 'object') {
    console.log(`${pad}${oneLine(key)}:`);
    for (const [k, v] of Object.entries(value)) printValue(k, v, indent + 2);
    return;
  }
  const text = clean(value);
  if (!text.includes('\n')) return console.log(`${pad}${oneLine(key)}: ${text}`);
  console.log(`${pad}${oneLine(key)}:`);
  for (const line of text.split('\n')) console.log(`${pad}  ${line}`.trimEnd());
}

async function list(site, state) {
  const answer = await call(site, 'GET', `/admin/outbox${state ? `?state=${state}` : ''}`);
  const rows = expectJson(answer, 'submissions');
  if (!Array.isArray(rows) || rows.length === 0) return console.log(state ? `No ${state} submissions.` : 'No submissions.');
  const table = [['CREATED (ZURICH)', 'STATUS', 'FORM', 'ATTEMPTS', 'ID', 'LAST ERROR']];
  for (const s of rows)
    table.push([zurich(s.created), oneLine(s.status), oneLine(s.form), oneLine(s.attempts), oneLine(s.id), oneLine(s.lastError ?? '', 60)]);
  const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
  for (const row of table)
    console.log(
      row
        .map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i])))
        .join('  ')
        .trimEnd(),
    );
  const count = (status) => rows.filter((s) => s.status === status).length;
  console.log(
    `\n${rows.length} submission${rows.length === 1 ? '' : 's'} (${count('pending')} pending, ${count('dead')} dead, ${count('sent')} sent)`,
  );
  if (answer.json.more === true) console.log(`Only the newest ${rows.length} are listed: use --state, or export for all of them.`);
}

async function show(site, id) {
  const s = expectJson(await call(site, 'GET', `/admin/outbox/${id}`), 'submission');
  const when = (iso) => `${zurich(iso)} (Europe/Zurich)`;
  const sent = s.sent && `association ${s.sent.association ? 'yes' : 'no'}, visitor ${s.sent.visitor ? 'yes' : 'no'}`;
  const lines = { id: s.id, form: s.form, locale: s.locale, created: when(s.created), status: s.status, attempts: s.attempts };
  if (s.status === 'pending') lines['next attempt'] = when(s.nextAttemptAt);
  Object.assign(lines, { failure: s.failure, 'last error': s.lastError, sent, fields: s.fields ?? {}, estimate: s.estimate });
  for (const [key, value] of Object.entries(lines)) if (value !== undefined && value !== null && value !== '') printValue(key, value, 0);
}

async function resendAllDead(site) {
  const answer = await call(site, 'POST', '/admin/outbox/resend-dead', { body: {} });
  const ids = Array.isArray(answer.json?.resent)
    ? answer.json.resent
    : fail(`The site answered ${answer.status} without the expected JSON (resent): is --url the site's address?`);
  if (ids.length === 0) return console.log('No dead submissions: nothing to resend.');
  for (const id of ids) console.log(oneLine(id));
  console.log(
    `${ids.length} dead submission${ids.length === 1 ? ' is' : 's are'} pending again: the next cron run, within 5 minutes, sends what is still missing.`,
  );
}

async function resend(site, id, force) {
  const answer = await call(site, 'POST', `/admin/outbox/${id}/resend`, { body: force ? { force: true } : {}, allow: [409] });
  if (answer.status === 409 && answer.json?.error === 'busy')
    fail(clean(answer.json.message ?? 'It is being sent right now: try again in two minutes.'));
  if (answer.status === 409) {
    const said = answer.json?.message ? clean(answer.json.message) : 'it was already sent.';
    fail(
      `${said}\nTo send the association's copy again: npm run outbox -- resend ${id} --force (the visitor's confirmation is never sent twice).`,
    );
  }
  expectJson(answer, 'submission');
  const done = {
    dead: 'is pending again (it was dead): the next cron run, within 5 minutes, sends what is still missing.',
    pending: 'was already pending: made due now; the next cron run tries it.',
    sent: "was sent: the association's copy goes again at the next cron run (the visitor's confirmation is never sent twice).",
  };
  console.log(
    `${id} ${done[answer.json.was] ?? `is ${oneLine(answer.json.submission.status)} now: the next cron run, within 5 minutes, sends what is still missing.`}`,
  );
}

async function remove(site, id, yes) {
  if (!yes) {
    const s = expectJson(await call(site, 'GET', `/admin/outbox/${id}`), 'submission');
    console.log(`${id}: ${oneLine(s.form)}, ${oneLine(s.status)}, received ${zurich(s.created)} (Europe/Zurich).`);
    console.log(
      `Nothing deleted. To delete it for good (it cannot be undone): npm run outbox -- delete ${id} --yes${site.local ? '' : ` --url ${site.base}`}`,
    );
    return;
  }
  const answer = await call(site, 'DELETE', `/admin/outbox/${id}`);
  if (typeof answer.json?.was !== 'string')
    fail(`The site answered ${answer.status} without the expected JSON (was): is --url the site's address?`);
  console.log(`${id} is deleted (it was ${oneLine(answer.json.was)}).`);
}

/** CSV records minus the header line: the line ends outside quoted fields (a message may hold newlines). */
const csvRecords = (text) =>
  Math.max(0, (text.match(/"(?:[^"]|"")*"|\n/g) ?? []).filter((m) => m === '\n').length + (text && !text.endsWith('\n') ? 1 : 0) - 1);

async function exportCsv(site, since, file) {
  const answer = await call(site, 'GET', `/admin/outbox/export${since ? `?since=${since}` : ''}`, { accept: 'text/csv' });
  if (!/^text\/csv/i.test(answer.type))
    fail(`The site answered ${answer.status} with ${oneLine(answer.type || 'no Content-Type')}, not a CSV: is --url the site's address?`);
  const header = answer.headers.get('x-submission-count');
  const count = header && /^\d+$/.test(header.trim()) ? Number(header) : csvRecords(answer.text);
  try {
    writeFileSync(file.path, answer.bytes, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    fail(
      error.code === 'EEXIST'
        ? `${file.shown} already exists: not overwritten. Move it away or give --out another name.`
        : `Could not write ${file.shown}: ${error.message}`,
    );
  }
  console.log(
    `Wrote ${count} submission${count === 1 ? '' : 's'} to ${file.shown}. It holds visitors' personal data: keep it in the association's drive, not in the repository, and delete it when done.`,
  );
}

async function main(argv) {
  const options = {
    state: { type: 'string' },
    url: { type: 'string' },
    force: { type: 'boolean' },
    'all-dead': { type: 'boolean' },
    yes: { type: 'boolean' },
    since: { type: 'string' },
    out: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  };
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options });
  } catch (error) {
    usage(error.message);
  }
  const { positionals, values } = parsed;
  if (values.help) return console.log(USAGE);
  const [command, rawId, ...extra] = positionals;
  if (!command) usage('which command? list, show, resend, delete, export or new-token');
  if (!Object.hasOwn(COMMANDS, command)) usage(`unknown command "${oneLine(command)}"`);
  for (const option of Object.keys(values)) if (!COMMANDS[command].includes(option)) usage(`--${option} does not go with ${command}`);
  const allDead = command === 'resend' && values['all-dead'] === true;
  if (allDead && (rawId !== undefined || values.force)) usage('resend --all-dead takes no id and no --force');
  const needsId = (command === 'show' || command === 'resend' || command === 'delete') && !allDead;
  if (extra.length || (rawId !== undefined && !needsId)) usage(`too many arguments for ${command}`);
  if (command === 'new-token') {
    console.log(randomBytes(32).toString('base64url'));
    console.error(`Install it with \`${SECRET_PUT}\` (paste it when asked), and store it in the association's password manager.`);
    return;
  }
  const id = rawId?.toLowerCase();
  if (needsId && !id) usage(`${command} needs the id of a submission, as \`npm run outbox -- list\` shows it`);
  if (needsId && !UUID.test(id))
    usage(`not a submission id: ${oneLine(rawId)} (ids look like 0b5c3e1a-8f2d-4c6b-9a7e-1d2f3a4b5c6d, as \`list\` shows them)`);
  if (values.state !== undefined && !STATES.includes(values.state))
    usage(`--state must be pending, dead or sent, not "${oneLine(values.state)}"`);
  const realDate = (text) =>
    /^\d{4}-\d{2}-\d{2}$/.test(text) && new Date(Date.parse(`${text}T00:00:00Z`) || 0).toISOString().startsWith(text);
  if (values.since !== undefined && !realDate(values.since))
    usage(`--since must be a date written YYYY-MM-DD, e.g. 2025-01-31, not "${oneLine(values.since)}"`);
  const site = siteOf(values.url ?? DEFAULT_URL);
  let file;
  if (command === 'export') {
    const shown = values.out ?? `outbox-export-${zurich(new Date(), false)}.csv`;
    if (!shown) usage('--out needs a file name');
    file = { shown, path: path.resolve(shown) };
    // Checked again when writing; this is so nothing is downloaded for nothing.
    if (existsSync(file.path)) fail(`${shown} already exists: not overwritten. Move it away or give --out another name.`);
  }
  await getToken(site);
  if (command === 'list') await list(site, values.state);
  else if (command === 'show') await show(site, id);
  else if (allDead) await resendAllDead(site);
  else if (command === 'resend') await resend(site, id, values.force === true);
  else if (command === 'delete') await remove(site, id, values.yes === true);
  else await exportCsv(site, values.since, file);
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error instanceof Refusal ? error.message : `outbox: unexpected error (please report it): ${clean(error?.stack ?? error)}`);
  process.exitCode = error instanceof Refusal ? error.code : 1;
});
