import { Mail } from '../components/icons';
import { PageIntro } from '../components/PageIntro';
import { usePage } from '../components/page-context';
import { href } from '../routes';

type Service = 'digital' | 'economy' | 'engineering' | 'translation' | 'design';

/** One service: what we offer, and the way to ask for a quote. */
export function servicePage(id: Service) {
  function Page() {
    const { t, locale } = usePage();
    return (
      <PageIntro eyebrow={t('nav.services')} title={t(`pages.${id}.heading`)} intro={t(`pages.${id}.intro`)}>
        <p className="actions">
          <a className="button" href={href('contact', locale)}>
            <Mail aria-hidden="true" size={18} /> {t('nav.quote')}
          </a>
        </p>
      </PageIntro>
    );
  }
  Page.displayName = `ServicePage(${id})`;
  return Page;
}
