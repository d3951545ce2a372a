import type { Job } from '#content/collections.ts';
import { jobs, site } from '#content/index.ts';
import { isOpen, openJobs } from '#content/visible.ts';
import { ArrowLeft, Download, Mail, Send } from '../components/icons';
import { KeepHyphenatedWords } from '../components/KeepHyphenatedWords';
import { Markdown } from '../components/Markdown';
import { usePage } from '../components/page-context';
import { formatDate } from '../format';
import { mailtoHref } from '../forms/mailto';
import { definePage } from '../page';
import { href } from '../paths';
import { jobPosting } from '../seo/json-ld';

/**
 * One offer: Back, then the key facts with the one Apply action (and its
 * e-mail alternative) right under the title, then the description, the
 * expected pay and the documents (the PDF). On a phone the Apply bar stays at
 * the bottom of the screen while the offer is read (client/styles/pages-jobs.css).
 */
function JobPage({ data: { job, closed } }: { data: { job: Job; closed: boolean } }) {
  const { t, locale } = usePage();
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
      <div className="job-offer">
        <KeyFacts job={job} />
        <div className="job-text">
          <Markdown className="prose" html={job.html[locale]} />
          <h2>{t('pages.job.salaryExpectation')}</h2>
          <p>{job.salaryExpectation[locale]}</p>
          <Attachments paths={job.attachments} />
        </div>
      </div>
    </article>
  );
}

/**
 * The key-facts box: the facts, how applying works, and Apply with its e-mail
 * alternative. Apply comes right after the facts in the page's order, so it is
 * the first thing the keyboard reaches after Back.
 */
function KeyFacts({ job }: { job: Job }) {
  const { t, locale } = usePage();
  const facts: [string, string][] = [
    [t('pages.job.type'), job.type[locale]],
    [t('pages.job.location'), job.location[locale]],
    [t('pages.job.duration'), job.duration[locale]],
    [t('pages.job.salary'), job.salary[locale]],
    [t('pages.job.deadline'), formatDate(job.validThrough, locale)],
  ];
  return (
    <div className="job-key">
      <dl className="fact-list">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="job-apply-hint" id="job-apply-hint">
        {t('pages.job.applyHint')}
      </p>
      <div className="job-apply">
        <a className="button" href={site.platforms.students} aria-describedby="job-apply-hint">
          <Send aria-hidden="true" size={18} /> {t('pages.job.apply')}
        </a>
        <a className="button button-secondary" href={mailtoHref(site.email, t('pages.job.applySubject', { title: job.title[locale] }))}>
          <Mail aria-hidden="true" size={18} /> <KeepHyphenatedWords text={t('pages.job.applyByEmail')} />
        </a>
      </div>
    </div>
  );
}

/** The offer's files, the full offer (PDF) first. */
function Attachments({ paths }: { paths: string[] }) {
  const { t } = usePage();
  if (paths.length === 0) return null;
  return (
    <>
      <h2>{t('pages.job.attachments')}</h2>
      <ul className="job-files">
        {paths.map((path, i) => (
          <li key={path}>
            <a href={path} download>
              <Download aria-hidden="true" size={18} />
              {t(i === 0 ? 'pages.job.fullOffer' : 'pages.job.attachment', { n: String(i + 1) })}
            </a>
          </li>
        ))}
      </ul>
    </>
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
  under: 'jobs',
  every: () => jobs.map((job) => ({ name: job.id })),
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
