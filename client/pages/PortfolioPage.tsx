import { PROJECT_CATEGORIES, type Project, type ProjectCategory } from '#content/schema.ts';
import { PageIntro } from '../components/PageIntro';
import { ProjectCard } from '../components/ProjectCard';
import { usePage } from '../components/page-context';
import { href } from '../routes';

export const portfolioCategories = PROJECT_CATEGORIES;
export type PortfolioCategory = ProjectCategory;

/** Project examples, filtered by plain links (`?category=`): no JavaScript needed. */
export function PortfolioPage({ data }: { data: { projects: Project[]; category: PortfolioCategory | null } }) {
  const { t, locale } = usePage();
  const base = href('portfolio', locale);
  const shown = data.category ? data.projects.filter((p) => p.category === data.category) : data.projects;
  return (
    <>
      <PageIntro title={t('pages.portfolio.heading')} intro={t('pages.portfolio.intro')} />
      <section id="projects" className="section" aria-labelledby="projects-title">
        <div className="container">
          <h2 id="projects-title" className="sr-only">{t('pages.portfolio.heading')}</h2>
          <nav aria-label={t('pages.portfolio.filterLabel')}>
            <ul className="filters">
              <li>
                <a href={`${base}#projects`} aria-current={data.category === null ? 'page' : undefined}>{t('pages.portfolio.all')}</a>
              </li>
              {portfolioCategories.map((c) => (
                <li key={c}>
                  <a href={`${base}?category=${c}#projects`} aria-current={data.category === c ? 'page' : undefined}>
                    {t(`services.${c}`)}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <p className="sr-only" role="status">{t('pages.portfolio.count', { count: shown.length })}</p>
          {shown.length === 0 ? (
            <p>{t('pages.portfolio.empty')}</p>
          ) : (
            <ul className="card-grid">
              {shown.map((p) => <ProjectCard key={p.id} project={p} />)}
            </ul>
          )}
        </div>
      </section>
    </>
  );
}
