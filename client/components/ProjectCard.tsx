import type { Project } from '#worker/content/portfolio.ts';
import { usePage } from './page-context';

export function ProjectCard({ project }: { project: Project }) {
  const { t, locale } = usePage();
  return (
    <li className="card">
      <p className="tag">{project.type[locale]}</p>
      <h3>{project.title[locale]}</h3>
      <p>{project.description[locale]}</p>
      {project.client && (
        <p className="client-line">
          {t('pages.portfolio.client')}{locale === 'fr' ? '\u00a0: ' : ': '}{project.client[locale]}
        </p>
      )}
    </li>
  );
}
