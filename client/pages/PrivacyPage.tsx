import { privacy } from '#worker/content/privacy.ts';
import { formatDate } from '../format';
import { PageIntro } from '../components/PageIntro';
import { usePage } from '../components/page-context';

/** The privacy policy (nLPD / GDPR): a table of contents, then one h2 per section. */
export function PrivacyPage() {
  const { t, locale, config } = usePage();
  return (
    <>
      <PageIntro title={t('pages.privacy.heading')} intro={t('pages.privacy.intro')} />
      <div className="container section">
        <div className="prose">
        <p className="meta-line">{t('pages.privacy.updated', { date: formatDate(privacy.updated, locale) })}</p>
        <p className="lead">{t('pages.privacy.controller', { address: config.POSTAL_ADDRESS, email: config.CONTACT_EMAIL })}</p>
        <nav aria-labelledby="privacy-toc">
          <h2 id="privacy-toc">{t('pages.privacy.toc')}</h2>
          <ol>
            {privacy.sections.map((s) => (
              <li key={s.id}><a href={`#${s.id}`}>{s.title[locale]}</a></li>
            ))}
          </ol>
        </nav>
        {privacy.sections.map((s) => (
          <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`}>
            <h2 id={`${s.id}-title`}>{s.title[locale]}</h2>
            {s.body[locale].map((p) => <p key={p}>{p}</p>)}
          </section>
        ))}
        </div>
      </div>
    </>
  );
}
