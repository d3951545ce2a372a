import type { Context } from 'hono';
import type { Locale } from '#client/i18n.ts';
import type { PageId } from '#client/paths.ts';
import { routes } from '#client/routes.ts';
import { localDate } from '#content/lausanne.ts';
import type { AppEnv } from '../env';
import { errorFields } from '../platform/log';
import { isBot } from '../request/bots';
import { PAGE_SOURCE, pageHeaders } from './page-headers';
import { errorPageOptions, type FailedPost, pageOptions } from './page-options';
import { type RenderOptions, renderStream } from './render';

/**
 * React on the request path, part of what worker/on-demand.ts loads for the requests the
 * build could not answer ahead (docs/decisions/0017). The documents are made
 * as the build makes them (./page-options.ts, ./render.tsx), for today in Lausanne.
 */

/**
 * The streaming renderer of a request (react-dom/server.edge). The status is decided
 * before the shell is sent: loaders ran already, and a shell error rejects
 * here so app.onError can answer 500. Errors after the shell are logged.
 * Crawlers get the complete document (after `allReady`).
 */
async function renderDocument<E extends AppEnv>(c: Context<E>, options: RenderOptions): Promise<Response> {
  let shellReady = false;
  const stream = await renderStream(c.var.config, options, (error) => {
    // Before the shell, the rejection below reaches app.onError, which logs it.
    if (shellReady) {
      c.var.log.error('render.stream_error', errorFields(error));
      c.var.countError?.(500);
    }
  });
  shellReady = true;
  if (isBot(c.req.header('User-Agent'))) await stream.allReady;
  return new Response(stream, { status: options.status, headers: { ...pageHeaders(options.locale), [PAGE_SOURCE]: 'request' } });
}

/**
 * Renders one page for this request: its loader, then its component in the
 * layout. A form post that fails answers with its page again (`as`), on
 * /api/*, in the language the form said.
 */
export async function renderPage<E extends AppEnv>(c: Context<E>, id: PageId, as?: FailedPost, params: Record<string, string> = {}) {
  const route = routes.find((r) => r.id === id)!;
  const options = pageOptions({
    route,
    params,
    query: new URL(c.req.url).searchParams,
    locale: as ? as.locale : c.var.locale,
    path: as ? route.path : c.var.path,
    config: c.var.config,
    today: localDate(new Date()),
    as,
  });
  if (!options) return c.notFound();
  return renderDocument(c, options);
}

/** The 404 or 500 page, rendered for this request. */
export function renderErrorPage(c: Context<AppEnv>, status: 404 | 500, locale: Locale): Promise<Response> {
  return renderDocument(c, errorPageOptions(status, locale, localDate(new Date())));
}
