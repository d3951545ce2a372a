import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ErrorPage, NotFoundPage } from '#client/components/ErrorPages.tsx';
import { createTranslator, defaultLocale } from '#client/i18n.ts';
import { type AppEnv, readConfig } from '../env';
import { isBot } from '../lib/bots';
import { errorFields } from '../lib/log';
import { renderDocument } from '../render/render';

/** The 404 page, in the URL's language, with the footer and 'Pages populaires' (a few pages to go on to). */
export const notFound: NotFoundHandler<AppEnv> = (c) => {
  c.var.log.warn('page.not_found'); // the path as sent is on every line of the request
  const { locale, t } = c.var;
  return renderDocument(c, {
    status: 404,
    locale,
    t,
    route: null,
    path: null,
    layout: 'site',
    meta: { title: t('meta.notFound.title'), description: t('meta.notFound.description'), robots: 'noindex' },
    body: <NotFoundPage />,
  });
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
    const locale = c.var.locale ?? defaultLocale;
    const t = c.var.t ?? createTranslator(locale);
    return await renderDocument(c, {
      status: 500,
      locale,
      t,
      route: null,
      path: null,
      layout: 'site',
      meta: { title: t('meta.error.title'), description: t('meta.error.description'), robots: 'noindex' },
      body: <ErrorPage />,
    });
  } catch (renderError) {
    c.var.log.error('error_page.failed', errorFields(renderError));
    return plain500(c);
  }
};

function plain500(c: Context<AppEnv>) {
  return c.text('Internal Server Error', 500, { 'Cache-Control': 'no-store' });
}
