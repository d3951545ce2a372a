// `npm run outbox -- list | show | export` (scripts/outbox.mjs): what the
// site answers, printed for a terminal or written to a file.
import { writeFileSync } from 'node:fs';
import { inLausanne } from '../content/lausanne.ts';
import { call, clean, expectJson, fail, oneLine } from './outbox-site.mjs';

/** `YYYY-MM-DD HH:MM` in Lausanne (the association's clock), or the raw text if it is not a date. */
export function zurich(iso, withTime = true) {
  const date = iso instanceof Date ? iso : new Date(String(iso));
  if (Number.isNaN(date.getTime())) return oneLine(iso);
  const { date: day, time } = inLausanne(date);
  return withTime ? `${day} ${time}` : day;
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

export async function list(site, state) {
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

export async function show(site, id) {
  const s = expectJson(await call(site, 'GET', `/admin/outbox/${id}`), 'submission');
  const when = (iso) => `${zurich(iso)} (Europe/Zurich)`;
  const sent = s.sent && `association ${s.sent.association ? 'yes' : 'no'}, visitor ${s.sent.visitor ? 'yes' : 'no'}`;
  const lines = { id: s.id, form: s.form, locale: s.locale, created: when(s.created), status: s.status, attempts: s.attempts };
  if (s.status === 'pending') lines['next attempt'] = when(s.nextAttemptAt);
  Object.assign(lines, { failure: s.failure, 'last error': s.lastError, sent, fields: s.fields ?? {}, estimate: s.estimate });
  for (const [key, value] of Object.entries(lines)) if (value !== undefined && value !== null && value !== '') printValue(key, value, 0);
}

/** CSV records minus the header line: the line ends outside quoted fields (a message may hold newlines). */
const csvRecords = (text) =>
  Math.max(0, (text.match(/"(?:[^"]|"")*"|\n/g) ?? []).filter((m) => m === '\n').length + (text && !text.endsWith('\n') ? 1 : 0) - 1);

export async function exportCsv(site, since, file) {
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
