import { FORMS } from '../forms/definitions';
import type { outbox } from '../forms/outbox-object';
import type { PageKey } from '../forms/outbox-pages';
import type { Submission } from '../forms/outbox-submission';
import { csvRecord, csvStart } from '../lib/csv';

/**
 * GET /admin/outbox/export: the CSV of every submission kept (lib/csv.ts says
 * how it is written), streamed. The body asks the outbox for one page
 * (EXPORT_PAGE submissions) when the client is ready for more, writes its
 * records and lets them go: whatever the number of submissions, the Worker
 * and the outbox hold one page at a time, and each reply stays small.
 *
 * Each page is one call to the Durable Object, which Cloudflare counts among
 * the calls a request may make to its own services (1,000 per invocation on
 * either plan, docs/decisions/0014): about 200,000 submissions in one export,
 * far more than the outbox keeps (sent ones go after 30 days). Past it, the
 * platform's throw ends the body with an error like any failed page.
 *
 * A page that cannot be read ends the body with an error, never quietly: the
 * client sees a cut connection, not a CSV that looks complete.
 */

/** Every visitor field of every form, in the forms' order, once: the export's columns. */
const FIELD_COLUMNS = [...new Set(FORMS.flatMap((f) => f.fields))];

const HEADER = [
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
  ...FIELD_COLUMNS,
  'estimate_amount',
  'estimate_currency',
];

function row(s: Submission) {
  const field = (name: string) => {
    const v = s.fields[name];
    return Array.isArray(v) ? v.join(' ') : v;
  };
  return [
    s.id,
    s.form,
    s.locale,
    s.created,
    s.status,
    s.attempts,
    s.failure,
    s.lastError,
    s.sent.association,
    s.sent.visitor,
    ...FIELD_COLUMNS.map(field),
    s.estimate?.amount,
    s.estimate?.currency,
  ];
}

/** How the stream ended, for the log: every record written, the client gone, or a page that failed. */
export type ExportEnd = { ended: 'done' | 'cancelled'; count: number } | { ended: 'failed'; count: number; error: unknown };

/** The CSV of the submissions made at or after `since` (ISO), oldest first, read from `box` page by page. */
export function exportStream(box: ReturnType<typeof outbox>, since: string, onEnd: (end: ExportEnd) => void): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after: PageKey | null = null;
  let started = false;
  let count = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(csvStart(HEADER)));
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
        if (page.submissions.length) controller.enqueue(encoder.encode(page.submissions.map((s) => csvRecord(row(s))).join('')));
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
