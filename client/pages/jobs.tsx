import { faq, type Job, site } from '#content/index.ts';
import { openJobs } from '#content/visible.ts';
import { ExternalLink } from '../components/icons';
import { JobCard } from '../components/JobCard';
import { CheckList, FaqList } from '../components/lists';
import { PageIntro } from '../components/PageIntro';
import { usePage } from '../components/page-context';
import { Section } from '../components/Section';
import { mailtoHref } from '../forms/mailto';
import { definePage } from '../page';
import { href } from '../routes';

const eligibility = ['university', 'languages', 'time', 'sessions'] as const;

/** The students page: find a job, join the committee, FAQ, open positions. */
function JobsPage({ data }: { data: { jobs: Job[] } }) {
  const { t, locale } = usePage();
  return (
    <>
      <PageIntro title={t('pages.jobs.heading')} intro={t('pages.jobs.intro')} />

      <Section id="find" title={t('pages.jobs.findHeading')}>
        <div className="prose">
          <p className="lead">{t('pages.jobs.findText')}</p>
          <p>
            <a className="button" href={site.platforms.students}>
              {t('pages.jobs.findCta')} <ExternalLink aria-hidden="true" size={16} />
            </a>
          </p>
        </div>
        <div className="notice">
          <h3>{t('pages.jobs.permitHeading')}</h3>
          <p>{t('pages.jobs.permitText')}</p>
        </div>
      </Section>

      <Section id="positions" title={t('pages.jobs.openPositions')} alt>
        {data.jobs.length === 0 ? (
          <p>{t('pages.jobs.noPositions')}</p>
        ) : (
          <ul className="card-grid card-grid-2">
            {data.jobs.map((job) => (
              <JobCard key={job.id} job={job} />
            ))}
          </ul>
        )}
      </Section>

      <Section id="join" title={t('pages.jobs.joinHeading')} lead={t('pages.jobs.joinText')}>
        <h3>{t('pages.jobs.eligibilityHeading')}</h3>
        <CheckList items={eligibility.map((e) => ({ text: t(`pages.jobs.eligibility.${e}`) }))} />
        <p className="actions">
          <a className="button" href={mailtoHref(site.email, t('pages.jobs.joinSubject'))}>
            {t('pages.jobs.joinCta')}
          </a>
          <a className="button button-secondary" href={href('recruit', locale)}>
            {t('pages.jobs.joinMore')}
          </a>
        </p>
      </Section>

      {faq.length > 0 && (
        <Section id="faq" title={t('pages.jobs.faqHeading')} alt>
          <FaqList questions={faq} />
        </Section>
      )}
    </>
  );
}

export default definePage({
  path: '/jobs',
  load: ({ now }) => ({ data: { jobs: openJobs(now) } }),
  Component: JobsPage,
});
