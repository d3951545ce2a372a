import type { ReactNode } from 'react';
import { portfolio, type Service, services, site, testimonials } from '#content/index.ts';
import { href } from '../paths';
import { CtaBand } from './CtaBand';
import { CheckList, figureItem, QuoteList, StatList } from './lists';
import { Markdown } from './Markdown';
import { PageIntro } from './PageIntro';
import { ProjectCard } from './ProjectCard';
import { usePage } from './page-context';
import { Section } from './Section';
import { Steps } from './Steps';

/** One service: what we offer, for whom, how it works, examples, and the way to ask for a quote. */
export function ServicePage({ id, pricer }: { id: Service['id']; pricer?: ReactNode }) {
  const { t, locale } = usePage();
  const service = serviceById(id);
  const examples = portfolio.filter((p) => p.category === service.portfolioCategory);
  const quotes = testimonials.filter((q) => q.service === id);
  const figures = service.figures.map((f) => site.figures.find((x) => x.id === f)!);
  const illustration = { src: `/images/illustrations/service-${id}.svg`, width: 400, height: 320 };

  return (
    <>
      <PageIntro eyebrow={t('nav.services')} title={t(`pages.${id}.heading`)} intro={t(`pages.${id}.intro`)} illustration={illustration}>
        <p className="actions">
          <a className="button" href={href('contact', locale)}>
            {t('nav.quote')}
          </a>
          {pricer && (
            <a className="button button-secondary" href="#estimate">
              {t('pages.services.estimateCta')}
            </a>
          )}
        </p>
      </PageIntro>
      <Section title={t('pages.services.offersHeading')} lead={service.tagline[locale]}>
        <CheckList items={service.offers[locale]} />
      </Section>
      <Section title={t('pages.services.audienceHeading')} alt>
        <div className="audience">
          <Markdown className="prose audience-text" html={service.html[locale]} />
          <StatList stats={figures.map((f) => figureItem(f, locale, t))} />
        </div>
      </Section>
      {pricer ?? (
        <Section title={t('pages.services.stepsHeading')}>
          <Steps steps={service.steps[locale]} />
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
            <a href={`${href('portfolio', locale)}?category=${service.portfolioCategory}#projects`}>{t('pages.services.allExamples')}</a>
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

/** A service's content (content/services/<id>.*.md). */
export function serviceById(id: Service['id']): Service {
  const service = services.find((s) => s.id === id);
  if (!service) throw new Error(`No content for service ${id} in content/services/`);
  return service;
}
