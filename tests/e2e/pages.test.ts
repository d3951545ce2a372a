import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fillPath, localizePath } from '../../client/paths';
import { routes } from '../../client/routes';
import { LOCALES } from '../../content/ids.ts';
import { jobs, news } from '../../content/index.ts';
import { DESKTOP, open, PHONE, screenshot, useBrowser } from './browser';

const axeSource = readFileSync(path.resolve(import.meta.dirname, '../../node_modules/axe-core/axe.min.js'), 'utf8');
const paths = routes.map((r) => fillPath(r.path, { name: jobs[0]!.id, id: news[0]!.id }));

const browser = useBrowser();

interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string[] }[];
}

describe.each(LOCALES)('every page of the route table (%s)', (locale) => {
  it('has no axe-core violation (WCAG 2.1 A/AA)', async () => {
    const { page, context } = await open(browser(), { bypassCSP: true, siteUrlHere: true });
    const failures: string[] = [];
    for (const p of [...paths, '/no-such-page']) {
      const url = localizePath(p, locale);
      await page.goto(url);
      await page.evaluate(axeSource);
      const violations = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
        const result = await axe.run(document, {
          runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
        });
        return result.violations.map((v) => ({
          id: v.id,
          impact: v.impact,
          help: v.help,
          nodes: v.nodes.slice(0, 3).map((n) => ({ target: n.target })),
        }));
      });
      for (const v of violations as AxeViolation[])
        failures.push(`${url}: ${v.id} (${v.impact}) ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    }
    expect(failures).toEqual([]);
    await context.close();
  });

  it('fits every width from 320 px without sideways scrolling; screenshots saved for review', async () => {
    const overflows: string[] = [];
    for (const [label, viewport] of [
      ['small', { width: 320, height: 640 }],
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const { page, context } = await open(browser(), { viewport, siteUrlHere: true });
      for (const p of [...paths, '/no-such-page']) {
        const url = localizePath(p, locale);
        await page.goto(url);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        if (overflow > 0) overflows.push(`${url} at ${viewport.width}px: ${overflow}px too wide`);
        if (label !== 'small') await screenshot(page, `${locale}-${label}-${p === '/' ? 'home' : p.slice(1).replace(/\//g, '_')}`);
      }
      await context.close();
    }
    expect(overflows).toEqual([]);
  });
});
