import { ArrowRight, ChartLine, Code, Cog, Languages, Palette } from '../components/icons';
import { PageIntro } from '../components/PageIntro';
import { usePage } from '../components/page-context';
import { href, type RouteId } from '../routes';
import type { MessageKey } from '../i18n';

const services: { id: RouteId; label: MessageKey; Icon: typeof Code }[] = [
  { id: 'digital', label: 'services.digital', Icon: Code },
  { id: 'engineering', label: 'services.engineering', Icon: Cog },
  { id: 'translation', label: 'services.translation', Icon: Languages },
  { id: 'economy', label: 'services.economy', Icon: ChartLine },
  { id: 'design', label: 'services.design', Icon: Palette },
];

export function HomePage() {
  const { t, locale } = usePage();
  return (
    <>
      <PageIntro eyebrow={t('pages.home.eyebrow')} title={t('pages.home.heading')} intro={t('pages.home.intro')}>
        <p className="actions">
          <a className="button" href={href('contact', locale)}>{t('pages.home.ctaQuote')}</a>
          <a className="button button-secondary" href="#services">{t('pages.home.ctaServices')}</a>
        </p>
      </PageIntro>
      <section id="services" className="section" aria-labelledby="services-title">
        <div className="container">
          <h2 id="services-title">{t('pages.home.servicesHeading')}</h2>
          <ul className="card-grid">
            {services.map(({ id, label, Icon }) => (
              <li key={id} className="card">
                <Icon aria-hidden="true" size={28} className="card-icon" />
                <a className="card-link" href={href(id, locale)}>
                  {t(label)} <ArrowRight aria-hidden="true" size={16} />
                </a>
                <p>{t(`meta.${id as 'digital'}.description`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
