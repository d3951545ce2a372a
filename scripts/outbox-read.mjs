// `npm run outbox -- list | show | export` (scripts/outbox-cli.mjs): what the
// site answers, printed for a terminal or written to a file. The list comes a
// page at a time (the site's 1,000 newest, then each page after the cursor
// the one before ended on); the export is streamed into its file as it comes,
// whatever its size.
import { rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { inLausanne } from '../content/lausanne.ts';
import { call, clean, expectJson, refuse, TIMEOUT_MS, terminalLine } from './outbox-site.mjs';

/** What the site hands out as a list's cursor (opaque base64url); the site checks it again. */
export const CURSOR = /^[A-Za-z0-9_-]{1,200}$/;

/** `YYYY-MM-DD HH:MM` in Lausanne (the association's clock), or the raw text if it is not a date. */
export function zurich(iso, withTime = true) {
  const date = iso instanceof Date ? iso : new Date(String(iso));
  if (Number.isNaN(date.getTime())) return terminalLine(iso);
  const { date: day, time } = inLausanne(date);
  return withTime ? `${day} ${time}` : day;
}

/** A value as indented `key: value` lines: multi-line text and objects go on the lines below. */
function printValue(key, value, indent) {
  const pad = ' '.repeat(indent);
  const scalar = (v) => v === null || typeof v !== 'object';
  if (Array.isArray(value) && value.every(scalar))
    return console.log(`${pad}${terminalLine(key)}: ${value.map((v) => terminalLine(v)).join(', ')}`);
  if (value && typeof value === 'object') {
    console.log(`${pad}${terminalLine(key)}:`);
    for (const [k, v] of Object.entries(value)) printValue(k, v, indent + 2);
    return;
  }
  const text = clean(value);
  if (!text.includes('\n')) return console.log(`${pad}${terminalLine(key)}: ${text}`);
  console.log(`${pad}${terminalLine(key)}:`);
  for (const line of text.split('\n')) console.log(`${pad}  ${line}`.trimEnd());
}

const LIST_HEADER = ['CREATED (ZURICH)', 'STATUS', 'FORM', 'ATTEMPTS', 'ID', 'LAST ERROR'];
const listRow = (s) => [
  zurich(s.created),
  terminalLine(s.status),
  terminalLine(s.form),
  terminalLine(s.attempts),
  terminalLine(s.id),
  terminalLine(s.lastError ?? '', 60),
];
/** Cells padded to `widths` (the first page's widest): later pages line up with it, and a wider cell only pushes its own line. */
const printRow = (row, widths) =>
  console.log(
    row
      .map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i])))
      .join('  ')
      .trimEnd(),
  );

/**
 * One page (the site's 1,000 newest, or after `cursor`), or with `all` every
 * page to the end, printed as it comes. Ends with the counts and, when there
 * is more, the command for the next page.
 */
export async function printList(site, { state, cursor, all }) {
  const counts = { pending: 0, dead: 0, sent: 0 };
  let [total, pages, widths, next, more] = [0, 0, null, cursor ?? null, false];
  const again = (from) => `npm run outbox -- list${state ? ` --state ${state}` : ''} --cursor ${from}${site.flag}`;
  do {
    const query = new URLSearchParams({ ...(state ? { state } : {}), ...(next ? { cursor: next } : {}) }).toString();
    // Past the first page, the site's ordinary 404 is its limit of 20 requests a minute: the token was right a moment ago.
    const answer = await call(site, 'GET', `/admin/outbox${query ? `?${query}` : ''}`, { allow: pages > 0 ? [404] : [] });
    if (answer.status === 404) {
      console.log(`\n${total} submission${total === 1 ? '' : 's'} listed before the site stopped answering.`);
      refuse(
        `The site answered 404 after ${pages} pages: most likely its limit of 20 requests a minute. Wait a minute, then go on with:\n  ${again(next)} --all`,
      );
    }
    const rows = expectJson(answer, 'submissions');
    if (!Array.isArray(rows)) refuse(`The site answered ${answer.status} without a list of submissions: is --url the site's address?`);
    pages++;
    const table = rows.map(listRow);
    if (!widths && table.length) {
      widths = LIST_HEADER.map((_, i) => Math.max(...[LIST_HEADER, ...table].map((row) => row[i].length)));
      printRow(LIST_HEADER, widths);
    }
    for (const row of table) printRow(row, widths);
    for (const s of rows) if (Object.hasOwn(counts, s.status)) counts[s.status]++;
    total += rows.length;
    next = typeof answer.json.next === 'string' && CURSOR.test(answer.json.next) ? answer.json.next : null;
    more = answer.json.more === true;
  } while (all && next);
  if (total === 0 && !next) return console.log(`No ${state ? `${state} ` : ''}submissions${cursor ? ' after this cursor' : ''}.`);
  console.log(`\n${total} submission${total === 1 ? '' : 's'} (${counts.pending} pending, ${counts.dead} dead, ${counts.sent} sent)`);
  if (next) console.log(`Older ones follow. The next page: ${again(next)}\nOr every page at once: add --all.`);
  else if (more) console.log(`Only the newest ${total} are listed: use --state, or export for all of them.`);
}

export async function printSubmission(site, id) {
  const s = expectJson(await call(site, 'GET', `/admin/outbox/${id}`), 'submission');
  const when = (iso) => `${zurich(iso)} (Europe/Zurich)`;
  const sent = s.sent && `association ${s.sent.association ? 'yes' : 'no'}, visitor ${s.sent.visitor ? 'yes' : 'no'}`;
  const lines = { id: s.id, form: s.form, locale: s.locale, created: when(s.created), status: s.status, attempts: s.attempts };
  if (s.status === 'pending') lines['next attempt'] = when(s.nextAttemptAt);
  Object.assign(lines, { failure: s.failure, 'last error': s.lastError, sent, fields: s.fields ?? {}, result: s.result });
  for (const [key, value] of Object.entries(lines)) if (value !== undefined && value !== null && value !== '') printValue(key, value, 0);
}

/** Counts CSV records as the bytes go by: a line end counts outside quotes only (a message may hold line breaks). */
function recordCounter() {
  let [quoted, lines, last] = [false, 0, 0x0a];
  return {
    feed(bytes) {
      for (const byte of bytes) {
        if (byte === 0x22) quoted = !quoted;
        else if (byte === 0x0a && !quoted) lines++;
      }
      if (bytes.length) last = bytes[bytes.length - 1];
    },
    /** Records, the header line not counted; `whole`: only those whose line end has come. */
    records: (whole = false) => Math.max(0, lines + (last === 0x0a || whole ? 0 : 1) - 1),
  };
}

/** The CSV, streamed into `file` (created for you alone: mode 0600) as it comes; deleted if the stream is cut. */
export async function exportCsv(site, since, file) {
  const answer = await call(site, 'GET', `/admin/outbox/export${since ? `?since=${since}` : ''}`, { accept: 'text/csv', stream: true });
  if (!/^text\/csv/i.test(answer.type)) {
    answer.idle.stop();
    await answer.body?.cancel();
    refuse(
      `The site answered ${answer.status} with ${terminalLine(answer.type || 'no Content-Type')}, not a CSV: is --url the site's address?`,
    );
  }
  let handle;
  try {
    handle = await open(file.path, 'wx', 0o600);
  } catch (error) {
    answer.idle.stop();
    await answer.body?.cancel();
    refuse(
      error.code === 'EEXIST'
        ? `${file.shown} already exists: not overwritten. Move it away or give --out another name.`
        : `Could not write ${file.shown}: ${error.message}`,
    );
  }
  const counter = recordCounter();
  try {
    for await (const chunk of answer.body ?? []) {
      answer.idle.touch();
      counter.feed(chunk);
      await handle.write(chunk);
    }
  } catch (error) {
    await handle.close();
    rmSync(file.path, { force: true });
    refuse(
      `The export was cut off after ${counter.records(true)} submissions (${terminalLine(error?.name === 'TimeoutError' ? `no news for ${TIMEOUT_MS / 1000} s` : (error?.cause?.code ?? error?.message ?? error))}): the incomplete file was deleted. Run the command again.`,
    );
  } finally {
    answer.idle.stop();
  }
  await handle.close();
  const count = counter.records();
  console.log(
    `Wrote ${count} submission${count === 1 ? '' : 's'} to ${file.shown}. It holds visitors' personal data: keep it in the association's drive, not in the repository, and delete it when done.`,
  );
}
