import { projects, services, site, testimonials, type Service } from '#content/index.ts';
import { CtaBand } from '../components/CtaBand';
import { EstimatorIsland } from '../components/FormIslands';
import type { FormState } from '../forms/state';
import { CheckList, figureItem, QuoteList, StatList } from '../components/lists';
import { PageIntro } from '../components/PageIntro';
import { ProjectCard } from '../components/ProjectCard';
import { Section } from '../components/Section';
import { Steps } from '../components/Steps';
import { usePage } from '../components/page-context';
import { href } from '../routes';

/** One service: what we offer, for whom, how it works, examples, and the way to ask for a quote. */
export function servicePage(id: Service['id']) {
  const service = services.find((s) => s.id === id);
  if (!service) throw new Error(`No content for service ${id} in content/services/`);
  const examples = projects.filter((p) => p.category === service.portfolioCategory);
  const quotes = testimonials.filter((q) => q.service === id);
  const figures = service.figures.map((f) => site.figures.find((x) => x.id === f)!);

  function Page({ data }: { data: { estimateForm?: FormState } }) {
    const { t, locale } = usePage();
    return (
      <>
        <PageIntro eyebrow={t('nav.services')} title={t(`pages.${id}.heading`)} intro={t(`pages.${id}.intro`)}>
          <p className="actions">
            <a className="button" href={href('contact', locale)}>{t('nav.quote')}</a>
          </p>
        </PageIntro>

        <Section title={t('pages.services.offersHeading')} lead={service!.tagline[locale]}>
          <CheckList items={service!.offers[locale]} />
        </Section>

        <Section title={t('pages.services.audienceHeading')} alt>
          <div className="two-col">
            <div className="prose lead" dangerouslySetInnerHTML={{ __html: service!.html[locale] }} />
            <StatList stats={figures.map((f) => figureItem(f, locale, t))} />
          </div>
        </Section>

        <Section title={t('pages.services.stepsHeading')}>
          <Steps steps={service!.steps[locale]} />
        </Section>

        {id === 'translation' && (
          <Section id="estimate" title={t('pages.services.pricerHeading')} lead={t('pages.services.pricerText')} alt>
            <div className="form-layout">
              <EstimatorIsland state={data.estimateForm} />
            </div>
          </Section>
        )}

        {examples.length > 0 && (
          <Section title={t('pages.services.examplesHeading')} alt={id !== 'translation'}>
            <ul className="card-grid">
              {examples.map((p) => <ProjectCard key={p.id} project={p} />)}
            </ul>
            <p className="actions">
              <a href={`${href('portfolio', locale)}?category=${service!.portfolioCategory}#projects`}>{t('pages.services.allExamples')}</a>
            </p>
          </Section>
        )}

        {examples.length === 0 && quotes.length > 0 && (
          <Section title={t('pages.home.testimonialsHeading')}>
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
