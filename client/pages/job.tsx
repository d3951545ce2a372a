import type { Job } from '#content/collections.ts';
import { jobs, site } from '#content/index.ts';
import { isOpen, openJobs } from '#content/visible.ts';
import { ArrowLeft, Download, Send } from '../components/icons';
import { Markdown } from '../components/Markdown';
import { usePage } from '../components/page-context';
import { formatDate } from '../format';
import { mailtoHref } from '../forms/mailto';
import { definePage } from '../page';
import { href } from '../routes';
import { jobPosting } from '../seo/json-ld';

/** One offer: facts, description, expected pay, attachments, and Back / Apply / Download. */
function JobPage({ data: { job, closed } }: { data: { job: Job; closed: boolean } }) {
  const { t, locale } = usePage();
  const facts: [string, string][] = [
    [t('pages.job.type'), job.type[locale]],
    [t('pages.job.location'), job.location[locale]],
    [t('pages.job.duration'), job.duration[locale]],
    [t('pages.job.salary'), job.salary[locale]],
    [t('pages.job.deadline'), formatDate(job.validThrough, locale)],
  ];
  const download = job.attachments[0];
  if (closed) return <ClosedJob job={job} />;
  return (
    <article className="container article">
      <p>
        <a className="back-link" href={`${href('jobs', locale)}#positions`}>
          <ArrowLeft aria-hidden="true" size={16} /> {t('pages.job.back')}
        </a>
      </p>
      <p className="eyebrow">{job.type[locale]}</p>
      <h1>{job.title[locale]}</h1>
      <p className="meta-line">{t('pages.job.published', { date: formatDate(job.published, locale) })}</p>
      <p className="lead">{job.summary[locale]}</p>
      <dl className="fact-list">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <Markdown className="prose" html={job.html[locale]} />
      <h2>{t('pages.job.salaryExpectation')}</h2>
      <p>{job.salaryExpectation[locale]}</p>
      {job.attachments.length > 0 && (
        <>
          <h2>{t('pages.job.attachments')}</h2>
          <ul>
            {job.attachments.map((path, i) => (
              <li key={path}>
                <a href={path} download>
                  {t(i === 0 ? 'pages.job.fullOffer' : 'pages.job.attachment', { n: String(i + 1) })}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="notice">{t('pages.job.applyHint')}</p>
      <div className="detail-actions">
        <a className="button button-secondary" href={`${href('jobs', locale)}#positions`}>
          <ArrowLeft aria-hidden="true" size={18} /> {t('pages.job.back')}
        </a>
        <a className="button" href={site.platforms.students}>
          <Send aria-hidden="true" size={18} /> {t('pages.job.apply')}
        </a>
        <a className="button button-secondary" href={mailtoHref(site.email, t('pages.job.applySubject', { title: job.title[locale] }))}>
          {t('pages.job.applyByEmail')}
        </a>
        {download && (
          <a className="button button-secondary" href={download} download>
            <Download aria-hidden="true" size={18} /> {t('pages.job.download')}
          </a>
        )}
      </div>
    </article>
  );
}

/** An offer past its deadline (answered with 410): what it was, that it is closed, and the way to the open ones. */
function ClosedJob({ job }: { job: Job }) {
  const { t, locale } = usePage();
  return (
    <article className="container article">
      <p className="eyebrow">{job.type[locale]}</p>
      <h1>{job.title[locale]}</h1>
      <div className="notice" role="status">
        <h2>{t('pages.job.closedHeading')}</h2>
        <p>{t('pages.job.closedText', { date: formatDate(job.validThrough, locale) })}</p>
      </div>
      <p className="actions">
        <a className="button" href={`${href('jobs', locale)}#positions`}>
          {t('pages.job.closedCta')}
        </a>
      </p>
    </article>
  );
}

export default definePage({
  path: '/jobs/:name',
  under: 'jobs',
  /** Open offers only: a closed one answers 410 and leaves the index. */
  entries: (now) => openJobs(now).map((job) => ({ params: { name: job.id }, lastmod: job.published })),
  load: ({ params, locale, t, config, now }) => {
    const job = jobs.find((j) => j.id === params.name);
    if (!job) return null;
    const meta = { title: t('meta.job.title', { title: job.title[locale] }), description: job.summary[locale] };
    if (!isOpen(job, now)) return { data: { job, closed: true }, meta, status: 410, robots: 'noindex' };
    return { data: { job, closed: false }, meta, jsonLd: [jobPosting(job, locale, config)] };
  },
  Component: JobPage,
});
