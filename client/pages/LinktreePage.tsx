import { IconBrandInstagram, IconBrandLinkedin } from '../components/icons';
import { Briefcase, CalendarDays, House, Mail, Newspaper, Sparkles } from '../components/icons';
import { PageIntro } from '../components/PageIntro';
import { usePage } from '../components/page-context';
import { href } from '../routes';

export function LinktreePage() {
  const { t, locale, config } = usePage();
  const internal = [
    { label: t('notFound.home'), to: href('home', locale), Icon: House },
    { label: t('nav.quote'), to: href('contact', locale), Icon: Mail },
    { label: t('pages.home.servicesHeading'), to: `${href('home', locale)}#services`, Icon: Sparkles },
    { label: t('meta.jobs.title'), to: href('jobs', locale), Icon: Briefcase },
    { label: t('nav.events'), to: href('events', locale), Icon: CalendarDays },
    { label: t('nav.news'), to: href('news', locale), Icon: Newspaper },
  ];
  return (
    <>
      <PageIntro title={t('pages.linktree.heading')} intro={t('pages.linktree.intro')} />
      <section className="section">
        <ul className="container link-list">
          {internal.map(({ label, to, Icon }) => (
            <li key={to}><a className="link-tile" href={to}><Icon aria-hidden="true" size={20} /> {label}</a></li>
          ))}
          <li>
            <a className="link-tile" href={config.LINKEDIN_URL} target="_blank" rel="noopener noreferrer">
              <IconBrandLinkedin aria-hidden="true" size={20} /> {t('footer.linkedin')}
              <span className="sr-only"> {t('a11y.opensInNewTab')}</span>
            </a>
          </li>
          <li>
            <a className="link-tile" href={config.INSTAGRAM_URL} target="_blank" rel="noopener noreferrer">
              <IconBrandInstagram aria-hidden="true" size={20} /> {t('footer.instagram')}
              <span className="sr-only"> {t('a11y.opensInNewTab')}</span>
            </a>
          </li>
        </ul>
      </section>
    </>
  );
}
