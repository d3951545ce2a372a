import type { ReactNode } from 'react';
import { BareLayout, SiteLayout } from '#client/components/layout/SiteLayout.tsx';
import { usePage } from '#client/components/page-context.tsx';
import { locales, localeTags } from '#client/i18n.ts';
import type { Layout } from '#client/page.ts';
import { localizePath } from '#client/paths.ts';
import { organization, serializeJsonLd } from '#client/seo/json-ld.ts';

export interface HeadMeta {
  /** The page's own title; the site name is appended unless `fullTitle`. */
  title: string;
  fullTitle?: boolean;
  description: string;
  /** `noindex` for pages that must stay out of search results. */
  robots?: string;
  /** schema.org objects for this page, besides the Organization every page carries. */
  jsonLd?: Record<string, unknown>[];
}

const ogLocale = (tag: string) => tag.replace('-', '_');

/**
 * Where client/runtime/builds.ts says a new version is out: an empty polite
 * live region, and the notice in the page's language, ready in a template.
 */
function BuildNotice() {
  const { t } = usePage();
  return (
    <>
      <div id="build-notice" className="build-notice" role="status" aria-live="polite" />
      <template id="build-notice-content">
        <div className="build-notice-box">
          <p>{t('runtime.newBuild')}</p>
          <button type="button" className="button button-small" data-build-reload="">
            {t('runtime.reload')}
          </button>
          <button type="button" className="button button-small button-secondary" data-build-dismiss="">
            {t('runtime.dismiss')}
          </button>
        </div>
      </template>
    </>
  );
}

/**
 * The document shell: <html lang>, title, description, canonical, hreflang
 * alternates (fr, en, x-default), Open Graph and the one hashed stylesheet.
 * Alternates come from the page's unprefixed path; error pages have none.
 * On the staging site, every page starts with a "test site" note. Browsers
 * that cannot draw an SVG icon take the ICO (`sizes="any"` would make others
 * pick it too).
 */
export function Document({ meta, layout, children }: { meta: HeadMeta; layout: Layout; children: ReactNode }) {
  const { locale, t, config, assets, path } = usePage();
  const title = meta.fullTitle ? meta.title : `${meta.title}${t('meta.siteTitleSuffix')}`;
  const url = (l: typeof locale) => (path === null ? null : `${config.SITE_URL}${localizePath(path, l)}`);
  const canonical = url(locale);
  const Wrapper = layout === 'site' ? SiteLayout : BareLayout;
  return (
    <html lang={locale} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={meta.description} />
        {meta.robots && <meta name="robots" content={meta.robots} />}
        {canonical && <link rel="canonical" href={canonical} />}
        {canonical && locales.map((l) => <link key={l} rel="alternate" hrefLang={l} href={url(l) ?? ''} />)}
        {canonical && <link rel="alternate" hrefLang="x-default" href={url('fr') ?? ''} />}
        <meta property="og:type" content="website" />
        <meta property="og:site_name" content={t('site.fullName')} />
        <meta property="og:title" content={meta.title} />
        <meta property="og:description" content={meta.description} />
        {canonical && <meta property="og:url" content={canonical} />}
        <meta property="og:locale" content={ogLocale(localeTags[locale])} />
        {locales
          .filter((l) => l !== locale)
          .map((l) => (
            <meta key={l} property="og:locale:alternate" content={ogLocale(localeTags[l])} />
          ))}
        <meta property="og:image" content={`${config.SITE_URL}/images/og-default.png`} />
        <meta property="og:image:width" content="1200" />
        <meta property="og:image:height" content="630" />
        <meta property="og:image:alt" content={t('site.shareImageAlt')} />
        <meta name="twitter:card" content="summary_large_image" />
        <meta name="twitter:title" content={meta.title} />
        <meta name="twitter:description" content={meta.description} />
        <meta name="twitter:image" content={`${config.SITE_URL}/images/og-default.png`} />
        <meta name="theme-color" content="#0b3d91" />
        <meta name="build-id" content={assets.buildId} />
        <link rel="icon" href="/favicon.ico" sizes="48x48" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href={assets.css} />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the build's own boot script, allowed by its CSP hash. */}
        <script type="module" dangerouslySetInnerHTML={{ __html: assets.boot.code }} />
        {[organization(config), ...(meta.jsonLd ?? [])].map((data) => (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: serializeJsonLd escapes `<`, so no text can close the script.
          <script key={serializeJsonLd(data)} type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />
        ))}
      </head>
      <body className={`layout-${layout}`} data-module={assets.runtime.file}>
        {config.ENVIRONMENT === 'staging' && (
          <p className="test-site" role="note">
            {t('site.testSite')}
          </p>
        )}
        <Wrapper>{children}</Wrapper>
        <BuildNotice />
      </body>
    </html>
  );
}
