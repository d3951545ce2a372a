import type { Job } from '#content/index.ts';
import { href } from '../routes';
import { Briefcase, Clock, MapPin, Wallet } from './icons';
import { usePage } from './page-context';

/** An open offer in the list of jobs: its title linking to its page, its four facts (each named for screen readers) and its summary. */
export function JobCard({ job }: { job: Job }) {
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
