import type { Project } from '#content/schema.ts';
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
          {t('forms.labelled', { label: t('pages.portfolio.client'), value: project.client[locale] })}
        </p>
      )}
    </li>
  );
}
