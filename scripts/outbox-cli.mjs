#!/usr/bin/env node
// `npm run outbox -- <command>`: read and repair the outbox, where every form
// submission waits until its e-mails are out (worker/forms/outbox.ts), through
// the Worker's /admin/outbox API:
//
//   npm run outbox -- list [--state pending|dead|sent]    newest first, one line each, 1,000 at a time
//   npm run outbox -- list --cursor <c> | --all           the next page (the cursor ends the page before), or every page
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
// outbox-export-*.csv), and delete it when done. The export is streamed into
// its file as it comes (mode 0600: only you can read it), whatever its size; an
// export cut off midway is deleted, never left looking complete.
//
// Exit codes: 0 done, 1 the site said no or could not be reached, 2 a bad
// command line (checked before anything is sent). Text from the server is
// stripped of control characters before it is printed: a visitor's message
// could hold terminal escape sequences. Node's fetch only, no dependency.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CURSOR, exportCsv, printList, printSubmission, zurich } from './outbox-read.mjs';
import { call, clean, expectJson, getToken, Refusal, refuse, SECRET_PUT, terminalLine } from './outbox-site.mjs';

const DEFAULT_URL = 'http://127.0.0.1:8787';
const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]'];
const STATES = ['pending', 'dead', 'sent'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const COMMANDS = {
  list: ['state', 'cursor', 'all', 'url'],
  show: ['url'],
  resend: ['force', 'all-dead', 'url'],
  delete: ['yes', 'url'],
  export: ['since', 'out', 'url'],
  'new-token': [],
};
const USAGE = `usage: npm run outbox -- list [--state pending|dead|sent] [--cursor C] [--all] [--url URL]
       npm run outbox -- show <id> [--url URL]
       npm run outbox -- resend <id> [--force] [--url URL]
       npm run outbox -- resend --all-dead [--url URL]
       npm run outbox -- delete <id> [--yes] [--url URL]
       npm run outbox -- export [--since YYYY-MM-DD] [--out FILE] [--url URL]
       npm run outbox -- new-token
  URL: the site, e.g. https://jeepfl.ch (default ${DEFAULT_URL}, the local \`npm run dev\`).
  The token comes from the ADMIN_TOKEN environment variable (or is asked for), never from the command line.`;

const usage = (message) => refuse(`${message}\n${USAGE}`, 2);

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
  // `flag`: how a command printed for the next step names this site.
  return { base: url.origin, local, flag: url.origin === DEFAULT_URL ? '' : ` --url ${url.origin}` };
}

async function resendAllDead(site) {
  const answer = await call(site, 'POST', '/admin/outbox/resend-dead', { body: {} });
  const ids = Array.isArray(answer.json?.resent)
    ? answer.json.resent
    : refuse(`The site answered ${answer.status} without the expected JSON (resent): is --url the site's address?`);
  if (ids.length === 0) return console.log('No dead submissions: nothing to resend.');
  for (const id of ids) console.log(terminalLine(id));
  console.log(
    `${ids.length} dead submission${ids.length === 1 ? ' is' : 's are'} pending again: the next cron run, within 5 minutes, sends what is still missing.`,
  );
}

async function resend(site, id, force) {
  const answer = await call(site, 'POST', `/admin/outbox/${id}/resend`, { body: force ? { force: true } : {}, allow: [409] });
  if (answer.status === 409 && answer.json?.error === 'busy')
    refuse(clean(answer.json.message ?? 'It is being sent right now: try again in two minutes.'));
  if (answer.status === 409) {
    const said = answer.json?.message ? clean(answer.json.message) : 'it was already sent.';
    refuse(
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
    `${id} ${done[answer.json.was] ?? `is ${terminalLine(answer.json.submission.status)} now: the next cron run, within 5 minutes, sends what is still missing.`}`,
  );
}

async function remove(site, id, yes) {
  if (!yes) {
    const s = expectJson(await call(site, 'GET', `/admin/outbox/${id}`), 'submission');
    console.log(`${id}: ${terminalLine(s.form)}, ${terminalLine(s.status)}, received ${zurich(s.created)} (Europe/Zurich).`);
    console.log(
      `Nothing deleted. To delete it for good (it cannot be undone): npm run outbox -- delete ${id} --yes${site.local ? '' : ` --url ${site.base}`}`,
    );
    return;
  }
  const answer = await call(site, 'DELETE', `/admin/outbox/${id}`);
  if (typeof answer.json?.was !== 'string')
    refuse(`The site answered ${answer.status} without the expected JSON (was): is --url the site's address?`);
  console.log(`${id} is deleted (it was ${terminalLine(answer.json.was)}).`);
}

/** Every option of every command (COMMANDS says which go with which). */
const OPTIONS = {
  state: { type: 'string' },
  cursor: { type: 'string' },
  all: { type: 'boolean' },
  url: { type: 'string' },
  force: { type: 'boolean' },
  'all-dead': { type: 'boolean' },
  yes: { type: 'boolean' },
  since: { type: 'string' },
  out: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
};

async function main(argv) {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: OPTIONS });
  } catch (error) {
    usage(error.message);
  }
  const { positionals, values } = parsed;
  if (values.help) return console.log(USAGE);
  const [command, rawId, ...extra] = positionals;
  if (!command) usage('which command? list, show, resend, delete, export or new-token');
  if (!Object.hasOwn(COMMANDS, command)) usage(`unknown command "${terminalLine(command)}"`);
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
    usage(`not a submission id: ${terminalLine(rawId)} (ids look like 0b5c3e1a-8f2d-4c6b-9a7e-1d2f3a4b5c6d, as \`list\` shows them)`);
  if (values.state !== undefined && !STATES.includes(values.state))
    usage(`--state must be pending, dead or sent, not "${terminalLine(values.state)}"`);
  if (values.cursor !== undefined && !CURSOR.test(values.cursor))
    usage(`--cursor: not a cursor as \`list\` prints it (letters, digits, - and _): "${terminalLine(values.cursor, 60)}"`);
  const realDate = (text) =>
    /^\d{4}-\d{2}-\d{2}$/.test(text) && new Date(Date.parse(`${text}T00:00:00Z`) || 0).toISOString().startsWith(text);
  if (values.since !== undefined && !realDate(values.since))
    usage(`--since must be a date written YYYY-MM-DD, e.g. 2025-01-31, not "${terminalLine(values.since)}"`);
  const site = siteOf(values.url ?? DEFAULT_URL);
  let file;
  if (command === 'export') {
    const shown = values.out ?? `outbox-export-${zurich(new Date(), false)}.csv`;
    if (!shown) usage('--out needs a file name');
    file = { shown, path: path.resolve(shown) };
    // Checked again when writing; this is so nothing is downloaded for nothing.
    if (existsSync(file.path)) refuse(`${shown} already exists: not overwritten. Move it away or give --out another name.`);
  }
  await getToken(site);
  if (command === 'list') await printList(site, { state: values.state, cursor: values.cursor, all: values.all === true });
  else if (command === 'show') await printSubmission(site, id);
  else if (allDead) await resendAllDead(site);
  else if (command === 'resend') await resend(site, id, values.force === true);
  else if (command === 'delete') await remove(site, id, values.yes === true);
  else await exportCsv(site, values.since, file);
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error instanceof Refusal ? error.message : `outbox: unexpected error (please report it): ${clean(error?.stack ?? error)}`);
  process.exitCode = error instanceof Refusal ? error.code : 1;
});
