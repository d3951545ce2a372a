import { createElement } from 'react';
import { ErrorPage, NotFoundPage } from '#client/components/ErrorPages.tsx';
import type { PageConfig } from '#client/components/page-context.tsx';
import { forms as allForms, type FormName } from '#client/forms/index.ts';
import { emptyForm, type FormState } from '#client/forms/state.ts';
import { createTranslator, type Locale, type MessageKey, type Translate } from '#client/i18n.ts';
import type { PageId } from '#client/paths.ts';
import type { Route } from '#client/routes.ts';
import type { RenderOptions } from './render';
import { middayOf, pageConfig } from './settings';

type AnyForm = (typeof allForms)[FormName];

/** A page's own title and description: its `meta.<id>` strings. */
const ownMeta = (id: PageId, t: Translate) => ({
  title: t(`meta.${id}.title` as MessageKey),
  description: t(`meta.${id}.description` as MessageKey),
});

/** A form post refused: its page again, in the form's language, with what the visitor typed and why (worker/forms/reply.ts). */
export interface FailedPost {
  locale: Locale;
  /** The refused form's name: its state goes to the form of that name on the page. */
  form: string;
  state: FormState;
  status: 400 | 413 | 415 | 429 | 503;
}

/** A form's state from the page's query: sent (`?sent=<name>`), or started by another page. */
function formFromQuery(form: AnyForm, query: URLSearchParams, t: Translate): FormState | undefined {
  if (query.get('sent') === form.name) return { ...emptyForm, sent: true };
  return form.fromQuery?.(query, t);
}

/** Everything a page's document depends on: the same input gives the same bytes, at build time or for a request. */
export interface PageInput {
  route: Route;
  params: Record<string, string>;
  query: URLSearchParams;
  locale: Locale;
  /** The page's path without the language prefix (a refused post's page: its route's path). */
  path: string;
  config: PageConfig;
  /** The Lausanne day, `YYYY-MM-DD`: loaders see its noon (./settings.ts), never the hour. */
  today: string;
  /** A refused form post: its page again, with what was typed. */
  as?: FailedPost;
  /** Told when the loader reads the day (the build renders such a page for every day it may change on). */
  readsDay?: () => void;
}

/** A page's loader, then what its document is made of; null when the entry does not exist (404). */
export function pageOptions(input: PageInput): RenderOptions | null {
  const { route, params, query, locale, today, as } = input;
  // The loader sees the page's settings only, as the document does (./settings.ts).
  const config = pageConfig(input.config);
  const t = createTranslator(locale);
  const { page } = route;
  const now = middayOf(today);
  const context = {
    params,
    query,
    locale,
    t,
    config,
    get now() {
      input.readsDay?.();
      return now;
    },
  };
  const loaded = page.load ? page.load(context) : { data: {} };
  if (!loaded) return null;
  const forms = Object.fromEntries(
    Object.values(allForms).map((form) => [form.name, as?.form === form.name ? as.state : formFromQuery(form, query, t)]),
  );
  const { layout } = route;
  return {
    status: as?.status ?? loaded.status ?? 200,
    locale,
    t,
    today,
    route: route.id,
    listing: route.under,
    path: input.path,
    layout,
    meta: {
      ...(loaded.meta ?? ownMeta(route.id, t)),
      jsonLd: loaded.jsonLd,
      fullTitle: route.id === 'home',
      robots: layout === 'bare' ? 'noindex' : loaded.robots,
    },
    body: createElement(page.Component, { data: loaded.data }),
    forms,
  };
}

/** The 404 and 500 pages' documents: nothing of the request in them but its language (the build renders them ahead too). */
export function errorPageOptions(status: 404 | 500, locale: Locale, today: string): RenderOptions {
  const t = createTranslator(locale);
  const page = status === 404 ? 'notFound' : 'error';
  return {
    status,
    locale,
    t,
    today,
    route: null,
    path: null,
    layout: 'site',
    meta: { title: t(`meta.${page}.title`), description: t(`meta.${page}.description`), robots: 'noindex' },
    body: createElement(status === 404 ? NotFoundPage : ErrorPage),
  };
}
