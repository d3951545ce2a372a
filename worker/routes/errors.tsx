import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { defaultLocale } from '#client/locales.ts';
import { type AppEnv, readConfig } from '../env';
import { errorFields } from '../platform/log';
import { onDemand } from '../platform/on-demand-loader';
import { isBot } from '../request/bots';
import { builtPage } from './pages/built';

/** An error page: the one rendered ahead for this deploy and day, else rendered now. */
async function errorPage(c: Context<AppEnv>, status: 404 | 500, locale: AppEnv['Variables']['locale']): Promise<Response> {
  const built = await builtPage(c, locale, String(status));
  if (built instanceof Response) return built;
  return (await onDemand(c.env)).renderErrorPage(c, status, locale);
}

/** The 404 page, in the URL's language, with the footer and 'Pages populaires' (a few pages to go on to). */
export const notFound: NotFoundHandler<AppEnv> = (c) => {
  c.var.log.warn('page.not_found'); // the path as sent is on every line of the request
  return errorPage(c, 404, c.var.locale);
};

/**
 * Anything thrown: logged, then the error page with status 500. Crawlers get
 * a bare 500 so the error page never lands in a search index or a preview.
 */
export const onError: ErrorHandler<AppEnv> = async (error, c) => {
  if (error instanceof HTTPException) return error.getResponse();
  c.var.log.error('request.error', errorFields(error));
  if (isBot(c.req.header('User-Agent'))) return plain500(c);
  try {
    if (!c.var.config) c.set('config', readConfig(c.env));
    // The locale middleware runs first; should it have thrown, French.
    return await errorPage(c, 500, c.var.locale ?? defaultLocale);
  } catch (renderError) {
    c.var.log.error('error_page.failed', errorFields(renderError));
    return plain500(c);
  }
};

function plain500(c: Context<AppEnv>) {
  return c.text('Internal Server Error', 500, { 'Cache-Control': 'no-store' });
}
