import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportRecord, folder, outbox, seen, setExport, setListPages, site, useFakeAdmin } from './outbox-cli-fake';

/** `npm run outbox`: a list past its first page, and an export streamed into its file, whatever their size. */
useFakeAdmin();

/** Three pages of three, newest first, as the site hands them out. */
const ids = Array.from({ length: 9 }, (_, i) => `${String(9 - i).padStart(8, '0')}-aaaa-4aaa-8aaa-aaaaaaaaaaaa`);
const pages = [0, 3, 6].map((start) =>
  ids.slice(start, start + 3).map((id, i) => ({
    id,
    form: 'contact',
    locale: 'fr',
    created: `2025-03-0${9 - start - i}T09:05:00.000Z`,
    status: i === 1 ? 'dead' : 'sent',
    attempts: 1,
    sent: { association: true, visitor: true },
  })),
);
const listed = (stdout: string) => ids.filter((id) => stdout.includes(id));

describe('npm run outbox -- list, past the first page', () => {
  it('one page, then the command that lists the next one', async () => {
    setListPages(pages);
    const run = await outbox(['list', '--state', 'sent', '--url', site()]);
    expect(run.code).toBe(0);
    expect(seen.map((r) => r.url)).toEqual(['/admin/outbox?state=sent']);
    expect(listed(run.stdout)).toEqual(ids.slice(0, 3));
    expect(run.stdout).toContain('3 submissions (0 pending, 1 dead, 2 sent)');
    expect(run.stdout).toContain(
      `The next page: npm run outbox -- list --state sent --cursor page-1 --url ${site()}\nOr every page at once: add --all.`,
    );
  });

  it('--cursor: the page after it, and the last one says nothing more follows', async () => {
    setListPages(pages);
    const second = await outbox(['list', '--cursor', 'page-1', '--url', site()]);
    expect(seen.map((r) => r.url)).toEqual(['/admin/outbox?cursor=page-1']);
    expect(listed(second.stdout)).toEqual(ids.slice(3, 6));
    const last = await outbox(['list', '--cursor', 'page-2', '--url', site()]);
    expect(listed(last.stdout)).toEqual(ids.slice(6));
    expect(last.stdout).not.toContain('--cursor');
  });

  it('--all: every page in order, one header, the counts of all of them', async () => {
    setListPages(pages);
    const run = await outbox(['list', '--all', '--url', site()]);
    expect(run.code).toBe(0);
    expect(seen.map((r) => r.url)).toEqual(['/admin/outbox', '/admin/outbox?cursor=page-1', '/admin/outbox?cursor=page-2']);
    expect(listed(run.stdout)).toEqual(ids);
    expect(run.stdout.match(/^CREATED/gm)).toHaveLength(1);
    expect(run.stdout).toContain('9 submissions (0 pending, 3 dead, 6 sent)');
    expect(run.stdout).not.toContain('--cursor');
  });

  it('--all stopped by the rate limit: what came is printed, and how to go on from there', async () => {
    setListPages(pages, 2);
    const run = await outbox(['list', '--all', '--url', site()]);
    expect(run.code).toBe(1);
    expect(listed(run.stdout)).toEqual(ids.slice(0, 6));
    expect(run.stderr).toContain('most likely its limit of 20 requests a minute. Wait a minute, then go on with:');
    expect(run.stderr).toContain(`npm run outbox -- list --cursor page-2 --url ${site()} --all`);
  });

  it('a cursor that is not one is refused before any request (exit 2)', async () => {
    const run = await outbox(['list', '--cursor', 'page 1; rm -rf', '--url', site()]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--cursor: not a cursor as `list` prints it');
    expect(seen).toHaveLength(0);
  });
});

describe('npm run outbox -- export, streamed', () => {
  it('5,000 submissions: written as they come, every byte, each one counted, for its owner alone', async () => {
    setExport({ records: 5000 });
    const run = await outbox(['export', '--out', 'all.csv', '--url', site()]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Wrote 5000 submissions to all.csv.');
    const file = path.join(folder(), 'all.csv');
    const expected = `\uFEFF"id";"name";"message"\r\n${Array.from({ length: 5000 }, (_, i) => exportRecord(i)).join('')}`;
    // Compared whole, not printed: a difference would be 5,000 lines long.
    expect(readFileSync(file, 'utf8') === expected).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('cut off midway: exit 1, says so, and no file that looks complete is left', async () => {
    setExport({ records: 5000, cutAfter: 1200 });
    const run = await outbox(['export', '--out', 'cut.csv', '--url', site()]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /The export was cut off after \d+ submissions .*: the incomplete file was deleted\. Run the command again\./,
    );
    expect(existsSync(path.join(folder(), 'cut.csv'))).toBe(false);
  });
});
