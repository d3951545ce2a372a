import { useId } from 'react';
import { awards, partners, site, testimonials } from '#content/index.ts';
import { openJobs } from '#content/visible.ts';
import { ContactAside, HomeHero, PartnerGrid, ServiceCards, WhoWeAre } from '../components/home-sections';
import { AwardList, CheckList, figureItem, QuoteList, type Stat, StatList } from '../components/lists';
import { usePage } from '../components/page-context';
import { Section } from '../components/Section';
import { Steps } from '../components/Steps';
import { ContactCard } from '../forms/contact/Card';
import { definePage } from '../page';

const guarantees = ['quote', 'manager', 'talent', 'contract'] as const;
const process = ['contact', 'quote', 'team', 'delivery'] as const;

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
  const whoId = useId();
  return (
    <>
      <HomeHero />
      <WhoWeAre headingId={whoId} founded={site.figures.find((f) => f.id === 'founded')} />
      <Section id="services" title={t('pages.home.servicesHeading')} alt>
        <ServiceCards />
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
          <AwardList awards={awards} />
        </Section>
      )}
      <Section id="contact" title={t('pages.home.contactHeading')} lead={t('pages.home.contactText')}>
        <div className="contact-split">
          <ContactCard />
          <ContactAside />
        </div>
      </Section>
      {partners.length > 0 && (
        <Section id="partners" title={t('pages.home.partnersHeading')} lead={t('pages.home.partnersText')} alt>
          <PartnerGrid partners={partners} />
        </Section>
      )}
      <Section id="process" title={t('pages.home.processHeading')} lead={t('pages.home.processText')}>
        <Steps steps={process.map((p) => ({ title: t(`pages.home.process.${p}.title`), text: t(`pages.home.process.${p}.text`) }))} />
      </Section>
    </>
  );
}

export default definePage({
  load: ({ now }) => ({ data: { openJobs: openJobs(now).length } }),
  Component: HomePage,
});
