import type { Figure, Partner } from '#content/collections.ts';
import { site } from '#content/index.ts';
import { href } from '../paths';
import { ArrowRight, Briefcase, GraduationCap, type Icon, Mail, serviceIcons, Users } from './icons';
import { KeepHyphenatedWords } from './KeepHyphenatedWords';
import { serviceLinks } from './layout/NavLinks';
import { Picture } from './Picture';
import { usePage } from './page-context';

/*
 * The sections of the home page (client/pages/home.tsx) that take more than a
 * few lines, in the page's order.
 */

/** The home page's opening: what the association offers, and the two ways on. */
export function HomeHero() {
  const { t, locale } = usePage();
  return (
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
  );
}

/** Who the association is, beside its facts. Not a <Section>: the heading, `headingId`, sits in the text column. */
export function WhoWeAre({ headingId, founded }: { headingId: string; founded: Figure | undefined }) {
  const { t, locale } = usePage();
  return (
    <section id="about" className="section" aria-labelledby={headingId} data-reveal="">
      <div className="container who-grid">
        <div className="who-text">
          <h2 id={headingId}>{t('pages.home.whoHeading')}</h2>
          <p className="lead">{t('pages.home.whoText')}</p>
          <p>{t('pages.home.whoText2')}</p>
          <p>
            <a className="text-link" href={href('team', locale)}>
              {t('pages.home.whoLink')} <ArrowRight aria-hidden="true" size={16} />
            </a>
          </p>
        </div>
        <div className="who-card">
          <img className="who-art" src="/images/illustrations/campus.svg" width={480} height={240} alt="" loading="lazy" decoding="async" />
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
  );
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

/** A card per service, in the header's order: its icon, its page's link and description. */
export function ServiceCards() {
  const { t, locale } = usePage();
  return (
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
  );
}

const nextSteps = ['reply', 'contact', 'free'] as const;

/** Beside the home page's contact form: when the association answers, what happens next, and its e-mail address. */
export function ContactAside() {
  const { t } = usePage();
  return (
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
  );
}

const partnerIcons: Record<Partner['kind'], Icon> = { academic: GraduationCap, company: Briefcase, network: Users };

/** 'https://www.epfl.ch/fr' -> 'epfl.ch': what a partner's link shows. */
function host(url: string): string {
  return new URL(url).hostname.replace(/^www\./, '');
}

/** The association's partners: each with its kind, its logo when it has one, its words and its site. */
export function PartnerGrid({ partners }: { partners: Partner[] }) {
  const { t, locale } = usePage();
  return (
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
  );
}
