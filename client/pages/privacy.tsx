import { privacy, site } from '#content/index.ts';
import { Markdown } from '../components/Markdown';
import { PageIntro } from '../components/PageIntro';
import { usePage } from '../components/page-context';
import { formatDate } from '../format';
import { definePage } from '../page';

/** The privacy policy (nLPD / GDPR, content/privacy/): a table of contents, then the policy. */
function PrivacyPage() {
  const { t, locale } = usePage();
  return (
    <>
      <PageIntro title={t('pages.privacy.heading')} intro={t('pages.privacy.intro')} />
      <div className="container section">
        <div className="prose">
          <p className="meta-line">{t('pages.privacy.updated', { date: formatDate(privacy.updated, locale) })}</p>
          <p className="lead">{t('pages.privacy.controller', { address: site.address, email: site.email })}</p>
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
          <Markdown html={privacy.html[locale]} />
        </div>
      </div>
    </>
  );
}

export default definePage({
  path: '/privacy',
  Component: PrivacyPage,
});
