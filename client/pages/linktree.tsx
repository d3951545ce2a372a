import { Briefcase, CalendarDays, House, Mail, Newspaper, Sparkles } from '../components/icons';
import { ExternalLink } from '../components/layout/ExternalLink';
import { socialLinks } from '../components/layout/SiteFooter';
import { PageIntro } from '../components/PageIntro';
import { usePage } from '../components/page-context';
import { definePage } from '../page';
import { href } from '../paths';

function LinktreePage() {
  const { t, locale } = usePage();
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
            <li key={to}>
              <a className="link-tile" href={to}>
                <Icon aria-hidden="true" size={20} /> {label}
              </a>
            </li>
          ))}
          {socialLinks(t).map(({ label, url, Icon }) => (
            <li key={url}>
              <ExternalLink className="link-tile" href={url}>
                <Icon aria-hidden="true" size={20} /> {label}
              </ExternalLink>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

export default definePage({
  sitemap: false,
  Component: LinktreePage,
});
