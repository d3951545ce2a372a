import type { Job } from '#worker/content/jobs.ts';
import { formatDate } from '../format';
import { mailtoHref } from '../forms/mailto';
import { ArrowLeft, Download, Send } from '../components/icons';
import { usePage } from '../components/page-context';
import { href } from '../routes';

/** One offer: facts, description, expected pay, attachments, and Back / Apply / Download. */
export function JobPage({ data: { job } }: { data: { job: Job } }) {
  const { t, locale, config } = usePage();
  const facts: [string, string][] = [
    [t('pages.job.type'), job.type[locale]],
    [t('pages.job.location'), job.location[locale]],
    [t('pages.job.duration'), job.duration[locale]],
    [t('pages.job.salary'), job.salary[locale]],
    [t('pages.job.deadline'), formatDate(job.deadline, locale)],
  ];
  const download = job.attachments[0];
  return (
    <article className="container article">
      <p><a className="back-link" href={`${href('jobs', locale)}#positions`}><ArrowLeft aria-hidden="true" size={16} /> {t('pages.job.back')}</a></p>
      <p className="eyebrow">{job.type[locale]}</p>
      <h1>{job.title[locale]}</h1>
      <p className="meta-line">{t('pages.job.published', { date: formatDate(job.published, locale) })}</p>
      <p className="lead">{job.summary[locale]}</p>
      <dl className="fact-list">
        {facts.map(([term, value]) => (
          <div key={term}><dt>{term}</dt><dd>{value}</dd></div>
        ))}
      </dl>
      {job.description[locale].map((p) => <p key={p}>{p}</p>)}
      <h2>{t('pages.job.salaryExpectation')}</h2>
      <p>{job.salaryExpectation[locale]}</p>
      {job.attachments.length > 0 && (
        <>
          <h2>{t('pages.job.attachments')}</h2>
          <ul>
            {job.attachments.map((a) => (
              <li key={a.path}><a href={a.path} download>{a.label[locale]}</a></li>
            ))}
          </ul>
        </>
      )}
      <p className="notice">{t('pages.job.applyHint')}</p>
      <div className="detail-actions">
        <a className="button button-secondary" href={`${href('jobs', locale)}#positions`}><ArrowLeft aria-hidden="true" size={18} /> {t('pages.job.back')}</a>
        <a className="button" href={config.STUDENT_PLATFORM_URL}><Send aria-hidden="true" size={18} /> {t('pages.job.apply')}</a>
        <a className="button button-secondary" href={mailtoHref(config.CONTACT_EMAIL, t('pages.job.applySubject', { title: job.title[locale] }))}>{t('pages.job.applyByEmail')}</a>
        {download && (
          <a className="button button-secondary" href={download.path} download><Download aria-hidden="true" size={18} /> {t('pages.job.download')}</a>
        )}
      </div>
    </article>
  );
}
