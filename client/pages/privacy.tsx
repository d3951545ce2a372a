import { privacy, site } from '#content/index.ts';
import { Markdown } from '../components/Markdown';
import { PageIntro } from '../components/PageIntro';
import { usePage } from '../components/page-context';
import { escapeHtml } from '../escape';
import { formatDate } from '../format';
import { definePage } from '../page';
import { LANGUAGE_COOKIE_DAYS, SENT_RETENTION_DAYS } from '../retention';

/**
 * What the policy's Markdown writes in double braces, and what the page shows
 * instead: the durations the code applies (client/retention.ts) and the
 * association's address and e-mail as content/site.json gives them, so the
 * policy never states a number or an address of its own. A name not listed
 * here stays as written (a test fails on any `{{` left on the page).
 */
const FACTS: Record<string, () => string> = {
  retentionDays: () => String(SENT_RETENTION_DAYS),
  cookieDays: () => String(LANGUAGE_COOKIE_DAYS),
  email: () => `<a href="mailto:${escapeHtml(site.email)}">${escapeHtml(site.email)}</a>`,
  address: () => escapeHtml(site.address),
};

/** The policy's HTML (built from the association's Markdown) with each `{{name}}` of FACTS filled in. */
function withFacts(html: string): string {
  return html.replace(/\{\{(\w{1,40})\}\}/g, (placeholder, name: string) => (Object.hasOwn(FACTS, name) ? FACTS[name]!() : placeholder));
}

/**
 * The privacy policy (nLPD, content/privacy/): who is responsible and how to
 * reach them, a table of contents, then the policy, written for visitors.
 */
function PrivacyPage() {
  const { t, locale } = usePage();
  return (
    <>
      <PageIntro title={t('pages.privacy.heading')} intro={t('pages.privacy.intro')} />
      <div className="container section">
        <div className="prose">
          <p className="meta-line">{t('pages.privacy.updated', { date: formatDate(privacy.updated, locale) })}</p>
          <p className="lead">
            {t('pages.privacy.controller', { address: site.address })} {t('pages.privacy.ask')}{' '}
            <a href={`mailto:${site.email}`}>{site.email}</a>
          </p>
          <nav aria-labelledby="privacy-toc">
            <h2 id="privacy-toc">{t('pages.privacy.toc')}</h2>
            <ol>
              {privacy.headings[locale].map((h) => (
                <li key={h.id}>
                  <a href={`#${h.id}`}>{h.text}</a>
                </li>
              ))}
            </ol>
          </nav>
          <Markdown className="privacy-policy" html={withFacts(privacy.html[locale])} />
        </div>
      </div>
    </>
  );
}

export default definePage({
  Component: PrivacyPage,
});
