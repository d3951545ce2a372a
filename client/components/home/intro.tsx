import type { Figure } from '#content/schema.ts';
import { href } from '../../routes';
import { ArrowRight } from '../icons';
import { usePage } from '../page-context';

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
          <WhoFacts founded={founded} />
        </div>
      </div>
    </section>
  );
}

/** The association at a glance: its status, founding year (when site.json gives it), team, schools and base. */
function WhoFacts({ founded }: { founded: Figure | undefined }) {
  const { t, locale } = usePage();
  return (
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
  );
}
