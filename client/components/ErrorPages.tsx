import { site } from '#content/index.ts';
import { href } from '../paths';
import { ArrowLeft, Briefcase, CalendarDays, House, Mail } from './icons';
import { usePage } from './page-context';

/** The 404 page: status 404, 'Pages populaires' with four entries, and a way home. */
export function NotFoundPage() {
  const { t, locale } = usePage();
  const popular = [
    { to: href('home', locale), label: t('notFound.home'), text: t('notFound.homeText'), Icon: House },
    { to: href('jobs', locale), label: t('notFound.jobs'), text: t('notFound.jobsText'), Icon: Briefcase },
    { to: href('events', locale), label: t('notFound.events'), text: t('notFound.eventsText'), Icon: CalendarDays },
    { to: href('contact', locale), label: t('notFound.contact'), text: t('notFound.contactText'), Icon: Mail },
  ];
  return (
    <div className="container status-page">
      <p className="status-code" aria-hidden="true">
        404
      </p>
      <h1>{t('notFound.heading')}</h1>
      <p className="lead">{t('notFound.text')}</p>
      <section aria-labelledby="popular-pages">
        <h2 id="popular-pages">{t('notFound.popular')}</h2>
        <ul className="popular-pages">
          {popular.map(({ to, label, text, Icon }) => (
            <li key={to}>
              <a href={to}>
                <Icon aria-hidden="true" size={24} />
                <span>
                  <strong>{label}</strong>
                  <small>{text}</small>
                </span>
              </a>
            </li>
          ))}
        </ul>
      </section>
      <p>
        <a className="button" href={href('home', locale)}>
          <ArrowLeft aria-hidden="true" size={18} /> {t('notFound.back')}
        </a>
      </p>
    </div>
  );
}

export function ErrorPage() {
  const { t, locale } = usePage();
  return (
    <div className="container status-page">
      <p className="status-code" aria-hidden="true">
        500
      </p>
      <h1>{t('errorPage.heading')}</h1>
      <p className="lead">{t('errorPage.text', { email: site.email })}</p>
      <p>
        <a className="button" href={href('home', locale)}>
          <ArrowLeft aria-hidden="true" size={18} /> {t('errorPage.back')}
        </a>
      </p>
    </div>
  );
}
