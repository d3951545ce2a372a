import { SERVED_FORMS, type ServedForm } from '../forms/definitions';
import type { outbox } from '../forms/outbox-object';
import type { PageKey } from '../forms/outbox-pages';
import type { Submission } from '../forms/outbox-submission';
import { csvRecord, csvStart } from './csv';

/**
 * GET /admin/outbox/export: the CSV of every submission kept (routes/csv.ts says
 * how it is written), streamed. The body asks the outbox for one page
 * (EXPORT_PAGE submissions) when the client is ready for more, writes its
 * records and lets them go: whatever the number of submissions, the Worker
 * and the outbox hold one page at a time, and each reply stays small.
 *
 * Each page is one call to the Durable Object, which Cloudflare counts among
 * the calls a request may make to its own services (1,000 per invocation on
 * either plan, docs/decisions/0014): about 200,000 submissions in one export,
 * far more than the outbox keeps (sent ones go after SENT_RETENTION_DAYS,
 * client/retention.ts). Past it, the
 * platform's throw ends the body with an error like any failed page.
 *
 * A page that cannot be read ends the body with an error, never quietly: the
 * client sees a cut connection, not a CSV that looks complete.
 */

/** The outbox's own columns, first in every export. */
const OUTBOX_COLUMNS = [
  'id',
  'form',
  'locale',
  'created',
  'status',
  'attempts',
  'failure',
  'last_error',
  'association_sent',
  'visitor_sent',
] as const;

type Value = string | number | boolean | undefined;

/**
 * The export's columns: the outbox's, every visitor field of every form (in
 * the forms' order, once), then what each form adds from its result
 * (`resultColumns`, client/forms/<name>/index.ts); and a submission's record,
 * empty in the columns of other forms.
 */
function columnsOf(forms: readonly ServedForm[]): { header: string[]; record: (s: Submission) => Value[] } {
  const fields = [...new Set(forms.flatMap((f) => f.fields))];
  const results = [...new Set(forms.flatMap((f) => f.form.resultColumns?.names ?? []))];
  const record = (s: Submission) => {
    const own = forms.find((f) => f.name === s.form)?.form.resultColumns;
    const values = own && s.result ? own.values(s.result) : [];
    const fromResult = new Map(own?.names.map((name, i) => [name, values[i]]));
    const field = (name: string) => {
      const v = s.fields[name];
      return Array.isArray(v) ? v.join(' ') : v;
    };
    const outbox = [s.id, s.form, s.locale, s.created, s.status, s.attempts, s.failure, s.lastError, s.sent.association, s.sent.visitor];
    return [...outbox, ...fields.map(field), ...results.map((name) => fromResult.get(name))];
  };
  return { header: [...OUTBOX_COLUMNS, ...fields, ...results], record };
}

/** How the stream ended, for the log: every record written, the client gone, or a page that failed. */
export type ExportEnd = { ended: 'done' | 'cancelled'; count: number } | { ended: 'failed'; count: number; error: unknown };

/**
 * The CSV of the submissions made at or after `since` (ISO), oldest first,
 * read from `box` page by page, with the columns of `forms` (the site's).
 */
export function exportStream(
  box: ReturnType<typeof outbox>,
  since: string,
  onEnd: (end: ExportEnd) => void,
  forms: readonly ServedForm[] = SERVED_FORMS,
): ReadableStream<Uint8Array> {
  const { header, record } = columnsOf(forms);
  const encoder = new TextEncoder();
  let after: PageKey | null = null;
  let started = false;
  let count = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(csvStart(header)));
          return;
        }
        let page: { submissions: Submission[]; next: PageKey | null };
        try {
          page = await box.exportPage(since, after);
        } catch (error) {
          onEnd({ ended: 'failed', count, error });
          controller.error(error);
          return;
        }
        if (page.submissions.length) controller.enqueue(encoder.encode(page.submissions.map((s) => csvRecord(record(s))).join('')));
        count += page.submissions.length;
        after = page.next;
        if (!after) {
          controller.close();
          onEnd({ ended: 'done', count });
        }
      },
      cancel() {
        onEnd({ ended: 'cancelled', count });
      },
    },
    // Nothing read ahead: a page is asked for only when the client has taken the one before.
    { highWaterMark: 0 },
  );
}
