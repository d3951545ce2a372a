import { projects, type Service, services, site, testimonials } from '#content/index.ts';
import { CtaBand } from '../components/CtaBand';
import { EstimatorIsland } from '../components/FormIslands';
import { Languages } from '../components/icons';
import { CheckList, figureItem, QuoteList, StatList } from '../components/lists';
import { Markdown } from '../components/Markdown';
import { PageIntro } from '../components/PageIntro';
import { ProjectCard } from '../components/ProjectCard';
import { usePage } from '../components/page-context';
import { Section } from '../components/Section';
import { Steps } from '../components/Steps';
import { LANGUAGES } from '../forms/estimate';
import type { FormState } from '../forms/state';
import { href } from '../routes';

/** One service: what we offer, for whom, how it works, examples, and the way to ask for a quote. */
export function servicePage(id: Service['id']) {
  const service = services.find((s) => s.id === id);
  if (!service) throw new Error(`No content for service ${id} in content/services/`);
  const examples = projects.filter((p) => p.category === service.portfolioCategory);
  const quotes = testimonials.filter((q) => q.service === id);
  const figures = service.figures.map((f) => site.figures.find((x) => x.id === f)!);
  const languageCount = site.figures.find((f) => f.id === 'languages');
  const illustration = { src: `/images/illustrations/service-${id}.svg`, width: 400, height: 320 };

  function Page({ data }: { data: { estimateForm?: FormState } }) {
    const { t, locale } = usePage();
    return (
      <>
        <PageIntro eyebrow={t('nav.services')} title={t(`pages.${id}.heading`)} intro={t(`pages.${id}.intro`)} illustration={illustration}>
          <p className="actions">
            <a className="button" href={href('contact', locale)}>
              {t('nav.quote')}
            </a>
            {id === 'translation' && (
              <a className="button button-secondary" href="#estimate">
                {t('pages.services.estimateCta')}
              </a>
            )}
          </p>
        </PageIntro>

        <Section title={t('pages.services.offersHeading')} lead={service!.tagline[locale]}>
          <CheckList items={service!.offers[locale]} />
        </Section>

        <Section title={t('pages.services.audienceHeading')} alt>
          <div className="audience">
            <Markdown className="prose audience-text" html={service!.html[locale]} />
            <StatList stats={figures.map((f) => figureItem(f, locale, t))} />
          </div>
        </Section>

        {id === 'translation' ? (
          <Section id="estimate" title={t('pages.services.pricerHeading')} lead={t('pages.services.pricerText')}>
            <div className="pricer-layout">
              <div className="pricer-info">
                <div className="languages-panel">
                  <h3>
                    <Languages aria-hidden="true" size={22} /> {t('pages.translation.languagesHeading')}
                  </h3>
                  <ul className="language-chips">
                    {LANGUAGES.map((l) => (
                      <li key={l} className={l === 'other' ? 'language-chip language-chip-other' : 'language-chip'}>
                        {t(`forms.estimate.languages.${l}`)}
                      </li>
                    ))}
                  </ul>
                  <p>{t('pages.translation.languagesText')}</p>
                  {languageCount && (
                    <p className="languages-figure">
                      <strong>{languageCount.value[locale]}</strong> <span>{languageCount.label[locale]}</span>
                    </p>
                  )}
                </div>
                <h3>{t('pages.services.stepsHeading')}</h3>
                <Steps steps={service!.steps[locale]} layout="list" level={4} />
              </div>
              <div className="pricer-form">
                <EstimatorIsland state={data.estimateForm} />
              </div>
            </div>
          </Section>
        ) : (
          <Section title={t('pages.services.stepsHeading')}>
            <Steps steps={service!.steps[locale]} />
          </Section>
        )}

        {examples.length > 0 && (
          <Section title={t('pages.services.examplesHeading')} alt>
            <ul className="card-grid project-grid">
              {examples.map((p) => (
                <ProjectCard key={p.id} project={p} />
              ))}
            </ul>
            <p className="actions">
              <a href={`${href('portfolio', locale)}?category=${service!.portfolioCategory}#projects`}>{t('pages.services.allExamples')}</a>
            </p>
          </Section>
        )}

        {examples.length === 0 && quotes.length > 0 && (
          <Section title={t('pages.home.testimonialsHeading')} alt>
            <QuoteList quotes={quotes} />
          </Section>
        )}

        <CtaBand title={t('pages.services.ctaHeading')} text={t('pages.services.ctaText')} cta={t('nav.quote')} />
      </>
    );
  }
  Page.displayName = `ServicePage(${id})`;
  return Page;
}
