import { useId } from 'react';
import { awards, partners, site, testimonials } from '#content/index.ts';
import type { Partner, ServiceId } from '#content/schema.ts';
import { openJobs } from '#content/visible.ts';
import {
  ArrowRight,
  Briefcase,
  ChartLine,
  Code,
  Cog,
  GraduationCap,
  type Icon,
  Languages,
  Mail,
  Palette,
  Users,
} from '../components/icons';
import { KeepHyphenatedWords } from '../components/KeepHyphenatedWords';
import { serviceLinks } from '../components/layout/NavLinks';
import { CheckList, figureItem, QuoteList, type Stat, StatList } from '../components/lists';
import { Picture } from '../components/Picture';
import { usePage } from '../components/page-context';
import { Section } from '../components/Section';
import { Steps } from '../components/Steps';
import { ContactCard } from '../forms/contact/Card';
import { definePage } from '../page';
import { href } from '../routes';

const serviceIcons: Record<ServiceId, Icon> = {
  digital: Code,
  engineering: Cog,
  translation: Languages,
  economy: ChartLine,
  design: Palette,
};
const guarantees = ['quote', 'manager', 'talent', 'contract'] as const;
const process = ['contact', 'quote', 'team', 'delivery'] as const;
const nextSteps = ['reply', 'contact', 'free'] as const;
const partnerIcons: Record<Partner['kind'], Icon> = { academic: GraduationCap, company: Briefcase, network: Users };

/** 'https://www.epfl.ch/fr' -> 'epfl.ch': what a partner's link shows. */
function host(url: string): string {
  return new URL(url).hostname.replace(/^www\./, '');
}

/** A card's link text with its arrow kept beside the last word, however the title wraps ("Design et / marketing →"). */
function LabelWithArrow({ label }: { label: string }) {
  const cut = label.lastIndexOf(' ') + 1;
  return (
    <>
      {label.slice(0, cut)}
      <span className="card-link-end">
        {label.slice(cut)}
        {'\u00a0'}
        <ArrowRight aria-hidden="true" size={16} />
      </span>
    </>
  );
}

/** The home page, in order: hero, who we are, services, guarantees, stats, testimonial, awards, contact, partners, processes. */
function HomePage({ data }: { data: { openJobs: number } }) {
  const { t, locale } = usePage();
  // The key figures of content/site.json; the open offers are counted from the jobs list, never written by hand.
  // The figures of a given year lead, large, their year above them; the others follow in even rows
  // (one more leads when they are odd in number, so that none is left alone on a phone's last row).
  const stats: Stat[] = site.figures.map((f) =>
    f.year
      ? { value: f.value[locale], label: f.label[locale], note: t('pages.home.statsYear', { year: String(f.year) }), featured: true }
      : figureItem(f, locale, t),
  );
  if (data.openJobs > 0)
    stats.push({ value: String(data.openJobs), label: t(data.openJobs === 1 ? 'pages.home.openJobs.one' : 'pages.home.openJobs.other') });
  const rest = stats.filter((s) => !s.featured);
  if (rest.length % 2 === 1) rest[0]!.featured = true;
  const founded = site.figures.find((f) => f.id === 'founded');
  const whoId = useId();
  return (
    <>
      <div className="hero">
        <div className="container hero-grid">
          <div>
            <p className="eyebrow">{t('pages.home.eyebrow')}</p>
            <h1>{t('pages.home.heading')}</h1>
            <p className="lead">{t('pages.home.intro')}</p>
            <p className="actions">
              <a className="button" href={href('contact', locale)}>
                {t('pages.home.ctaQuote')}
              </a>
              <a className="button button-secondary" href="#services">
                {t('pages.home.ctaServices')}
              </a>
            </p>
          </div>
          <img className="hero-art" src="/images/hero.svg" width={480} height={400} alt="" />
        </div>
      </div>

      {/* Not <Section>: the heading sits in the text column, beside the facts. */}
      <section id="about" className="section" aria-labelledby={whoId} data-reveal="">
        <div className="container who-grid">
          <div className="who-text">
            <h2 id={whoId}>{t('pages.home.whoHeading')}</h2>
            <p className="lead">{t('pages.home.whoText')}</p>
            <p>{t('pages.home.whoText2')}</p>
            <p>
              <a className="text-link" href={href('team', locale)}>
                {t('pages.home.whoLink')} <ArrowRight aria-hidden="true" size={16} />
              </a>
            </p>
          </div>
          <div className="who-card">
            <img
              className="who-art"
              src="/images/illustrations/campus.svg"
              width={480}
              height={240}
              alt=""
              loading="lazy"
              decoding="async"
            />
            <div className="who-facts">
              <h3>{t('pages.home.whoFacts.heading')}</h3>
              <dl>
                <div>
                  <dt>{t('pages.home.whoFacts.statusLabel')}</dt>
                  <dd>{t('pages.home.whoFacts.status')}</dd>
                </div>
                {founded && (
                  <div>
                    <dt>{t('pages.home.whoFacts.foundedLabel')}</dt>
                    <dd>{founded.value[locale]}</dd>
                  </div>
                )}
                <div>
                  <dt>{t('pages.home.whoFacts.teamLabel')}</dt>
                  <dd>{t('pages.home.whoFacts.team')}</dd>
                </div>
                <div>
                  <dt>{t('pages.home.whoFacts.schoolsLabel')}</dt>
                  <dd>{t('pages.home.whoFacts.schools')}</dd>
                </div>
                <div>
                  <dt>{t('pages.home.whoFacts.baseLabel')}</dt>
                  <dd>{t('pages.home.whoFacts.base')}</dd>
                </div>
              </dl>
            </div>
          </div>
        </div>
      </section>

      <Section id="services" title={t('pages.home.servicesHeading')} alt>
        <ul className="card-grid card-grid-services services-grid">
          {serviceLinks.map(({ id, label }) => {
            const Icon = serviceIcons[id];
            return (
              <li key={id} className="card">
                <Icon aria-hidden="true" size={28} className="card-icon" />
                <h3>
                  <a className="card-link" href={href(id, locale)}>
                    <LabelWithArrow label={t(label)} />
                  </a>
                </h3>
                <p>{t(`meta.${id}.description`)}</p>
              </li>
            );
          })}
        </ul>
      </Section>

      <Section id="guarantees" title={t('pages.home.guaranteesHeading')}>
        <CheckList
          items={guarantees.map((g) => ({ title: t(`pages.home.guarantees.${g}.title`), text: t(`pages.home.guarantees.${g}.text`) }))}
        />
      </Section>

      <Section id="figures" title={t('pages.home.statsHeading')} alt>
        <StatList stats={stats} tiered />
      </Section>

      {/* A section the association has nothing for yet (no testimonial, no award, no partner) is left out, heading included. */}
      {testimonials.length > 0 && (
        <Section id="testimonials" title={t('pages.home.testimonialsHeading')}>
          <div className="home-quotes">
            <QuoteList quotes={testimonials} />
          </div>
        </Section>
      )}

      {awards.length > 0 && (
        <Section id="awards" title={t('pages.home.awardsHeading')} alt>
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
      )}

      <Section id="contact" title={t('pages.home.contactHeading')} lead={t('pages.home.contactText')}>
        <div className="contact-split">
          <ContactCard />
          <div className="contact-aside">
            <p className="contact-promise">
              <strong>{t('pages.home.contactAside.promiseValue')}</strong>
              <span>{t('pages.home.contactAside.promiseText')}</span>
            </p>
            <div>
              <h3>{t('pages.home.contactAside.heading')}</h3>
              <ol className="next-steps">
                {nextSteps.map((k) => (
                  <li key={k}>{t(`pages.home.contactAside.${k}`)}</li>
                ))}
              </ol>
            </div>
            <div className="contact-direct">
              <Mail aria-hidden="true" size={24} />
              <p>
                <strong>
                  <KeepHyphenatedWords text={t('pages.home.contactAside.emailHeading')} />
                </strong>
                <br />
                {t('pages.home.contactAside.emailText')} <a href={`mailto:${site.email}`}>{site.email}</a>
              </p>
            </div>
            <img
              className="contact-art"
              src="/images/illustrations/contact-plane.svg"
              width={360}
              height={200}
              alt=""
              loading="lazy"
              decoding="async"
            />
          </div>
        </div>
      </Section>

      {partners.length > 0 && (
        <Section id="partners" title={t('pages.home.partnersHeading')} lead={t('pages.home.partnersText')} alt>
          <ul className="partner-grid">
            {partners.map((p) => {
              const KindIcon = partnerIcons[p.kind];
              return (
                <li key={p.id} className="partner">
                  <p className="partner-kind">
                    <span className="partner-icon">
                      <KindIcon aria-hidden="true" size={20} />
                    </span>
                    {t(`pages.home.partnerKinds.${p.kind}`)}
                  </p>
                  {p.logo && <Picture className="partner-logo" image={{ file: p.logo }} sizes="10rem" />}
                  <h3>{p.name[locale]}</h3>
                  <p className="partner-text">{p.description[locale]}</p>
                  {p.url && (
                    <p className="partner-link">
                      <a href={p.url}>{host(p.url)}</a>
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
        </Section>
      )}

      <Section id="process" title={t('pages.home.processHeading')} lead={t('pages.home.processText')}>
        <Steps steps={process.map((p) => ({ title: t(`pages.home.process.${p}.title`), text: t(`pages.home.process.${p}.text`) }))} />
      </Section>
    </>
  );
}

export default definePage({
  path: '/',
  load: ({ now }) => ({ data: { openJobs: openJobs(now).length } }),
  Component: HomePage,
});
