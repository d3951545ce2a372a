import type { Context } from 'hono';
import type { ReactElement } from 'react';
import { PageContext, type PageContextValue } from '#client/components/page-context.tsx';
import { renderToReadableStream } from '#client/components/react-server.cjs';
import type { Locale, Translate } from '#client/i18n.ts';
import type { Layout } from '#client/page.ts';
import type { PageId } from '#client/routes.ts';
import type { AppEnv } from '../env';
import { isBot } from '../lib/bots';
import { errorFields } from '../lib/log';
import { countError } from '../middleware/error-count';
import { PAGE_CACHE_CONTROL } from '../routes/pages/cache';
import { assetManifest } from './assets-manifest';
import { Document, type HeadMeta } from './Document';

export interface RenderOptions {
  status: 200 | 400 | 404 | 410 | 413 | 415 | 429 | 500 | 503;
  locale: Locale;
  t: Translate;
  /** The page's route, or null on error pages. */
  route: PageId | null;
  /** Unprefixed path of the page (for canonical and alternates), or null. */
  path: string | null;
  layout: Layout;
  meta: HeadMeta;
  body: ReactElement;
  /** Each form's state on the page (none on error pages). */
  forms?: PageContextValue['forms'];
}

/**
 * The one streaming renderer (react-dom/server.edge). The status is decided
 * before the shell is sent: loaders ran already, and a shell error rejects
 * here so app.onError can answer 500. Errors after the shell are logged.
 * Crawlers get the complete document (after `allReady`).
 */
export async function renderDocument<E extends AppEnv>(c: Context<E>, options: RenderOptions): Promise<Response> {
  const value: PageContextValue = {
    locale: options.locale,
    t: options.t,
    config: c.var.config,
    route: options.route,
    path: options.path,
    assets: assetManifest,
    forms: options.forms ?? {},
  };
  let shellReady = false;
  const stream = await renderToReadableStream(
    <PageContext value={value}>
      <Document meta={options.meta} layout={options.layout}>
        {options.body}
      </Document>
    </PageContext>,
    {
      onError(error) {
        // Before the shell, the rejection below reaches app.onError, which logs it.
        if (shellReady) {
          c.var.log.error('render.stream_error', errorFields(error));
          countError(c, 500);
        }
      },
    },
  );
  shellReady = true;
  if (isBot(c.req.header('User-Agent'))) await stream.allReady;
  return new Response(stream, {
    status: options.status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Language': options.locale,
      // Browsers revalidate each time (pages vary with Accept-Language and the cookie); see routes/pages/cache.ts.
      'Cache-Control': PAGE_CACHE_CONTROL,
    },
  });
}
