import type { Context } from 'hono';
import { every } from 'hono/combine';
import { createElement } from 'react';
import { forms as allForms, type FormName } from '#client/forms/index.ts';
import { emptyForm, type FormState } from '#client/forms/state.ts';
import type { MessageKey } from '#client/i18n.ts';
import { createTranslator, type Locale, type Translate } from '#client/i18n.ts';
import { type PageId, type Route, routes } from '#client/routes.ts';
import type { AppEnv } from '../../env';

type AnyForm = (typeof allForms)[FormName];

import { lazy } from '../../lib/lazy';
import { router } from '../../lib/router';
import { renderDocument } from '../../render/render';
import { pageSteps } from './steps';

/**
 * Every page of client/pages/index.ts, in French and under /en (HEAD too: Hono
 * answers it from GET): first-visit language and cookie -> prefetch headers
 * -> ETag check -> page cache -> loader (content) -> SSR. Unknown entries of a
 * collection answer 404; a path that is no page goes on to the short links.
 *
 * One router entry for all pages, looked up here by path (the URL's language
 * prefix is already off, middleware/locale.ts): at an isolate's start, Hono
 * then adds one route instead of ninety, and walks one at each request.
 */
export function pageRoutes() {
  const app = router<AppEnv>();
  const chain = every(...pageSteps());
  app.get('*', async (c, next) => {
    const found = findPage(c.var.path);
    if (!found) return next();
    await chain(c, async () => {
      c.res = await renderPage(c, found.route, undefined, found.params);
    });
    return c.res;
  });
  return app;
}

/** Pages by path; the few with a `:param` are matched in order. */
const table = lazy(() => {
  const byPath = new Map<string, Route>();
  const withParams: { route: Route; pattern: RegExp; names: string[] }[] = [];
  for (const route of routes()) {
    const { path } = route;
    const names = [...path.matchAll(/:([a-z]+)/g)].map((m) => m[1]!);
    if (names.length === 0) byPath.set(path, route);
    else withParams.push({ route, names, pattern: new RegExp(`^${path.replace(/:[a-z]+/g, '([^/]+)')}$`) });
  }
  return { byPath, withParams };
});

/** The page at an unprefixed path (`/jobs/x`), with its parameters decoded as Hono decodes them. */
function findPage(path: string): { route: Route; params: Record<string, string> } | undefined {
  const { byPath, withParams } = table();
  const route = byPath.get(path);
  if (route) return { route, params: {} };
  for (const { route, pattern, names } of withParams) {
    const match = pattern.exec(path);
    if (match) return { route, params: Object.fromEntries(names.map((name, i) => [name, decodeParam(match[i + 1]!)])) };
  }
  return undefined;
}

function decodeParam(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** A page's own title and description: its `meta.<id>` strings. */
const ownMeta = (id: PageId, t: Translate) => ({
  title: t(`meta.${id}.title` as MessageKey),
  description: t(`meta.${id}.description` as MessageKey),
});

/** A form post refused: its page again, in the form's language, with what the visitor typed and why (worker/forms/reply.ts). */
export interface FailedPost {
  locale: Locale;
  form: FormName;
  state: FormState;
  status: 400 | 413 | 415 | 429 | 503;
}

/** A form's state from the page's query: sent (`?sent=<name>`), or started by another page. */
function formFromQuery(form: AnyForm, query: URLSearchParams, t: Translate): FormState | undefined {
  if (query.get('sent') === form.name) return { ...emptyForm, sent: true };
  return form.fromQuery?.(query, t);
}

/**
 * Renders one page: its loader, then its component in the layout. A form post
 * that fails answers with its page again (`as`).
 */
export async function renderPage<E extends AppEnv>(c: Context<E>, route: Route, as?: FailedPost, params: Record<string, string> = {}) {
  // A failed form post answers on /api/*: the page is the form's, in the language the form said.
  const { locale, t, path } = as ? { locale: as.locale, t: createTranslator(as.locale), path: route.path } : c.var;
  const { page } = route;
  const context = { params, query: new URL(c.req.url).searchParams, locale, t, config: c.var.config, now: new Date() };
  const loaded = page.load ? page.load(context) : { data: {} };
  if (!loaded) return c.notFound();
  const forms = Object.fromEntries(
    Object.values(allForms).map((form) => [form.name, as?.form === form.name ? as.state : formFromQuery(form, context.query, t)]),
  );
  const { layout } = route;
  return renderDocument(c, {
    status: as?.status ?? loaded.status ?? 200,
    locale,
    t,
    route: route.id,
    path,
    layout,
    meta: {
      ...(loaded.meta ?? ownMeta(route.id, t)),
      jsonLd: loaded.jsonLd,
      fullTitle: route.id === 'home',
      robots: layout === 'bare' ? 'noindex' : loaded.robots,
    },
    body: createElement(page.Component, { data: loaded.data }),
    forms,
  });
}
