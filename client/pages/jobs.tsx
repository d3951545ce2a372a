import { faq, type Job, site } from '#content/index.ts';
import { openJobs } from '#content/visible.ts';
import { Briefcase, Clock, ExternalLinkIcon, MapPin, Wallet } from '../components/icons';
import { CheckList } from '../components/lists';
import { PageIntro } from '../components/PageIntro';
import { usePage } from '../components/page-context';
import { Section } from '../components/Section';
import { mailtoHref } from '../forms/mailto';
import { definePage } from '../page';
import { href } from '../paths';

const eligibility = ['university', 'languages', 'time', 'sessions'] as const;

/** An open offer in the list of jobs: its title linking to its page, its four facts (each named for screen readers) and its summary. */
function JobCard({ job }: { job: Job }) {
  const { t, locale } = usePage();
  return (
    <li className="card job-card">
      <h3>
        <a className="card-link" href={href('job', locale, { name: job.id })}>
          {job.title[locale]}
        </a>
      </h3>
      <ul className="facts">
        <li>
          <Briefcase aria-hidden="true" size={16} />
          <span className="sr-only">{t('a11y.labelled', { label: t('pages.job.type') })} </span>
          {job.type[locale]}
        </li>
        <li>
          <MapPin aria-hidden="true" size={16} />
          <span className="sr-only">{t('a11y.labelled', { label: t('pages.job.location') })} </span>
          {job.location[locale]}
        </li>
        <li>
          <Clock aria-hidden="true" size={16} />
          <span className="sr-only">{t('a11y.labelled', { label: t('pages.job.duration') })} </span>
          {job.duration[locale]}
        </li>
        <li>
          <Wallet aria-hidden="true" size={16} />
          <span className="sr-only">{t('a11y.labelled', { label: t('pages.job.salary') })} </span>
          {job.salary[locale]}
        </li>
      </ul>
      <p>{job.summary[locale]}</p>
    </li>
  );
}

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
              {t('pages.jobs.findCta')} <ExternalLinkIcon aria-hidden="true" size={16} />
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
          <div className="faq">
            {faq.map((q) => (
              <details key={q.id}>
                <summary>{q.question[locale]}</summary>
                <p>{q.answer[locale]}</p>
              </details>
            ))}
          </div>
        </Section>
      )}
    </>
  );
}

export default definePage({
  load: ({ now }) => ({ data: { jobs: openJobs(now) } }),
  Component: JobsPage,
});
