import type { ReactElement } from 'react';
import { PageContext, type PageContextValue } from '#client/components/page-context.tsx';
import { renderToReadableStream } from '#client/components/react-server.cjs';
import type { Locale, Translate } from '#client/i18n.ts';
import type { Layout } from '#client/page.ts';
import type { PageId } from '#client/paths.ts';
import { assetManifest } from './assets-manifest';
import { Document, type HeadMeta } from './Document';
import { pageConfig } from './settings';

export interface RenderOptions {
  status: 200 | 400 | 404 | 410 | 413 | 415 | 429 | 500 | 503;
  locale: Locale;
  t: Translate;
  /** The Lausanne day the page is for (`YYYY-MM-DD`). */
  today: string;
  /** The page's route, or null on error pages. */
  route: PageId | null;
  /** The listing the page belongs to (its route's `under`), if any. */
  listing?: PageId | undefined;
  /** Unprefixed path of the page (for canonical and alternates), or null. */
  path: string | null;
  layout: Layout;
  meta: HeadMeta;
  body: ReactElement;
  /** Each form's state on the page (none on error pages). */
  forms?: PageContextValue['forms'];
}

/**
 * A document as a stream: the one renderer, at build time (worker/render/prerender.tsx)
 * as for a request. It is given the page's settings only (./settings.ts), and the day.
 */
export function renderStream(config: PageContextValue['config'], options: RenderOptions, onError: (error: unknown) => void) {
  const value: PageContextValue = {
    locale: options.locale,
    t: options.t,
    config: pageConfig(config),
    today: options.today,
    route: options.route,
    listing: options.listing ?? null,
    path: options.path,
    assets: assetManifest,
    forms: options.forms ?? {},
  };
  return renderToReadableStream(
    <PageContext value={value}>
      <Document meta={options.meta} layout={options.layout}>
        {options.body}
      </Document>
    </PageContext>,
    { onError },
  );
}
