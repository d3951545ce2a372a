import { ArrowLeft } from '../components/icons';
import type { Job } from '#worker/content/jobs.ts';
import { formatDate } from '../components/format';
import { usePage } from '../components/page-context';
import { href } from '../routes';

export function JobPage({ data: { job } }: { data: { job: Job } }) {
  const { t, locale } = usePage();
  const facts: [string, string][] = [
    [t('pages.job.type'), job.type[locale]],
    [t('pages.job.location'), job.location[locale]],
    [t('pages.job.duration'), job.duration[locale]],
    [t('pages.job.salary'), job.salary[locale]],
    [t('pages.job.deadline'), formatDate(job.deadline, locale)],
  ];
  return (
    <article className="container article">
      <p><a className="back-link" href={href('jobs', locale)}><ArrowLeft aria-hidden="true" size={16} /> {t('pages.job.back')}</a></p>
      <h1>{job.title[locale]}</h1>
      <p className="lead">{job.summary[locale]}</p>
      <dl className="fact-list">
        {facts.map(([term, value]) => (
          <div key={term}><dt>{term}</dt><dd>{value}</dd></div>
        ))}
      </dl>
      {job.description[locale].map((p) => <p key={p}>{p}</p>)}
      <p>{job.salaryExpectation[locale]}</p>
    </article>
  );
}
