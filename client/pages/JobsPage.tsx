import { Briefcase, Clock, MapPin, Wallet } from '../components/icons';
import type { Job } from '#worker/content/jobs.ts';
import { PageIntro } from '../components/PageIntro';
import { usePage } from '../components/page-context';
import { href } from '../routes';

export function JobsPage({ data }: { data: { jobs: Job[] } }) {
  const { t, locale } = usePage();
  return (
    <>
      <PageIntro title={t('pages.jobs.heading')} intro={t('pages.jobs.intro')} />
      <section className="section" aria-labelledby="open-positions">
        <div className="container">
          <h2 id="open-positions">{t('pages.jobs.openPositions')}</h2>
          {data.jobs.length === 0 ? (
            <p>{t('pages.jobs.noPositions')}</p>
          ) : (
            <ul className="card-grid card-grid-2">
              {data.jobs.map((job) => (
                <li key={job.slug} className="card job-card">
                  <h3><a className="card-link" href={href('job', locale, { name: job.slug })}>{job.title[locale]}</a></h3>
                  <ul className="facts">
                    <li><Briefcase aria-hidden="true" size={16} /><span className="sr-only">{t('pages.job.type')}: </span>{job.type[locale]}</li>
                    <li><MapPin aria-hidden="true" size={16} /><span className="sr-only">{t('pages.job.location')}: </span>{job.location[locale]}</li>
                    <li><Clock aria-hidden="true" size={16} /><span className="sr-only">{t('pages.job.duration')}: </span>{job.duration[locale]}</li>
                    <li><Wallet aria-hidden="true" size={16} /><span className="sr-only">{t('pages.job.salary')}: </span>{job.salary[locale]}</li>
                  </ul>
                  <p>{job.summary[locale]}</p>
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
    </>
  );
}
