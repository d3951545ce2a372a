import { awards, partners, site, testimonials } from '#content/index.ts';
import { ContactFormIsland } from '../components/FormIslands';
import type { FormState } from '../forms/state';
import { ArrowRight, ChartLine, Code, Cog, Languages, Palette, type Icon } from '../components/icons';
import { CheckList, figureItem, QuoteList, StatList, type Stat } from '../components/lists';
import { Section } from '../components/Section';
import { Steps } from '../components/Steps';
import { usePage } from '../components/page-context';
import type { MessageKey } from '../i18n';
import { href, type RouteId } from '../routes';

const services: { id: RouteId & ('digital' | 'engineering' | 'translation' | 'economy' | 'design'); label: MessageKey; Icon: Icon }[] = [
  { id: 'digital', label: 'services.digital', Icon: Code },
  { id: 'engineering', label: 'services.engineering', Icon: Cog },
  { id: 'translation', label: 'services.translation', Icon: Languages },
  { id: 'economy', label: 'services.economy', Icon: ChartLine },
  { id: 'design', label: 'services.design', Icon: Palette },
];
const guarantees = ['quote', 'manager', 'talent', 'contract'] as const;
const process = ['contact', 'quote', 'team', 'delivery'] as const;

/** Spec §1: hero, who we are, services, guarantees, stats, testimonial, awards, contact, partners, processes. */
export function HomePage({ data }: { data: { contactForm?: FormState; openJobs: number } }) {
  const { t, locale } = usePage();
  // The figures of spec §9; the open offers are counted from the jobs list, never written by hand.
  const stats: Stat[] = site.figures.map((f) => figureItem(f, locale, t));
  if (data.openJobs > 0) stats.push({ value: String(data.openJobs), label: t(data.openJobs === 1 ? 'pages.home.openJobs.one' : 'pages.home.openJobs.other') });
  return (
    <>
      <div className="hero">
        <div className="container hero-grid">
          <div>
            <p className="eyebrow">{t('pages.home.eyebrow')}</p>
            <h1>{t('pages.home.heading')}</h1>
            <p className="lead">{t('pages.home.intro')}</p>
            <p className="actions">
              <a className="button" href={href('contact', locale)}>{t('pages.home.ctaQuote')}</a>
              <a className="button button-secondary" href="#services">{t('pages.home.ctaServices')}</a>
            </p>
          </div>
          <img className="hero-art" src="/images/hero.svg" width={480} height={400} alt="" fetchPriority="high" />
        </div>
      </div>

      <Section title={t('pages.home.whoHeading')}>
        <div className="prose">
          <p className="lead">{t('pages.home.whoText')}</p>
          <p>{t('pages.home.whoText2')}</p>
        </div>
      </Section>

      <Section id="services" title={t('pages.home.servicesHeading')} alt>
        <ul className="card-grid card-grid-services">
          {services.map(({ id, label, Icon }) => (
            <li key={id} className="card">
              <Icon aria-hidden="true" size={28} className="card-icon" />
              <h3>
                <a className="card-link" href={href(id, locale)}>
                  {t(label)} <ArrowRight aria-hidden="true" size={16} />
                </a>
              </h3>
              <p>{t(`meta.${id}.description`)}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section title={t('pages.home.guaranteesHeading')}>
        <CheckList items={guarantees.map((g) => ({ title: t(`pages.home.guarantees.${g}.title`), text: t(`pages.home.guarantees.${g}.text`) }))} />
      </Section>

      <Section title={t('pages.home.statsHeading')} alt>
        <StatList stats={stats} />
      </Section>

      <Section title={t('pages.home.testimonialsHeading')}>
        <QuoteList quotes={testimonials} />
      </Section>

      <Section title={t('pages.home.awardsHeading')} alt>
        <ul className="awards">
          {awards.map((a) => (
            <li key={a.id}>
              {a.year && <span className="award-year">{a.year}</span>}
              <div>
                <h3>{a.title[locale]}</h3>
                <p>{a.description[locale]}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="contact" title={t('pages.home.contactHeading')} lead={t('pages.home.contactText')}>
        <div className="form-layout">
          <ContactFormIsland page="home" state={data.contactForm} />
        </div>
      </Section>

      <Section id="partners" title={t('pages.home.partnersHeading')} lead={t('pages.home.partnersText')} alt>
        <ul className="partners">
          {partners.map((p) => (
            <li key={p.id}>
              <strong>{p.url ? <a href={p.url}>{p.name[locale]}</a> : p.name[locale]}</strong>
              <p>{p.description[locale]}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="process" title={t('pages.home.processHeading')} lead={t('pages.home.processText')}>
        <Steps steps={process.map((p) => ({ title: t(`pages.home.process.${p}.title`), text: t(`pages.home.process.${p}.text`) }))} />
      </Section>
    </>
  );
}
