import type { Project } from '#content/collections.ts';
import { PROJECT_CATEGORIES, type ProjectCategory } from '#content/ids.ts';
import { portfolio } from '#content/index.ts';
import { type Icon, LayoutGrid, serviceIcons } from '../components/icons';
import { PageIntro } from '../components/PageIntro';
import { ProjectCard } from '../components/ProjectCard';
import { usePage } from '../components/page-context';
import { plural, type Translate } from '../i18n';
import { definePage } from '../page';
import { href } from '../paths';

type PortfolioCategory = ProjectCategory;

type Filter = { key: string; label: string; url: string; current: boolean; Icon: Icon; count: number };

/** All projects, then each service that has some, in the services' order, with how many each shows. */
function filtersOf(data: { portfolio: Project[]; category: PortfolioCategory | null }, base: string, t: Translate): Filter[] {
  const filled = PROJECT_CATEGORIES.filter((c) => data.portfolio.some((p) => p.category === c));
  return [
    {
      key: 'all',
      label: t('pages.portfolio.all'),
      url: `${base}#projects`,
      current: data.category === null,
      Icon: LayoutGrid,
      count: data.portfolio.length,
    },
    ...filled.map((c) => ({
      key: c,
      label: t(`services.${c}`),
      url: `${base}?category=${c}#projects`,
      current: data.category === c,
      Icon: serviceIcons[c],
      count: data.portfolio.filter((p) => p.category === c).length,
    })),
  ];
}

/** The filters as plain links, the one shown marked as the current page. */
function FilterBar({ filters }: { filters: Filter[] }) {
  const { t } = usePage();
  return (
    <nav className="filter-bar" aria-label={t('pages.portfolio.filterLabel')}>
      <ul className="filters">
        {filters.map(({ key, label, url, current, Icon, count }) => (
          <li key={key}>
            <a className={`filter filter-${key}`} href={url} aria-current={current ? 'page' : undefined}>
              <Icon aria-hidden="true" size={18} />
              <span>{label}</span>
              <span className="filter-count" aria-hidden="true">
                {count}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Project examples, filtered by plain links (`?category=`): no JavaScript
 * needed. A filter for each service that has projects, in the services'
 * order; a service without any has none (its address still answers, saying
 * there is nothing yet).
 */
function PortfolioPage({ data }: { data: { portfolio: Project[]; category: PortfolioCategory | null } }) {
  const { t, locale } = usePage();
  const base = href('portfolio', locale);
  const shown = data.category ? data.portfolio.filter((p) => p.category === data.category) : data.portfolio;
  const filters = filtersOf(data, base, t);
  return (
    <>
      <PageIntro title={t('pages.portfolio.heading')} intro={t('pages.portfolio.intro')} />
      <section id="projects" className="section portfolio" aria-labelledby="projects-title">
        <div className="container">
          <h2 id="projects-title" className="sr-only">
            {t('pages.portfolio.heading')}
          </h2>
          <FilterBar filters={filters} />
          <p className="sr-only" role="status">
            {plural(t, locale, 'pages.portfolio.count', shown.length)}
          </p>
          {shown.length === 0 ? (
            <p>{t('pages.portfolio.empty')}</p>
          ) : (
            <ul className="card-grid project-grid">
              {shown.map((p) => (
                <ProjectCard key={p.id} project={p} />
              ))}
            </ul>
          )}
        </div>
      </section>
    </>
  );
}

export default definePage({
  load: ({ query }) => {
    const asked = query.get('category');
    return { data: { portfolio, category: PROJECT_CATEGORIES.find((c) => c === asked) ?? null } };
  },
  Component: PortfolioPage,
});
