import type { Project } from '#content/collections.ts';
import { serviceIcons } from './icons';
import { Picture } from './Picture';
import { usePage } from './page-context';

/** A project of the portfolio: its field's colour and icon (or its picture), kind, title, story and client. */
export function ProjectCard({ project }: { project: Project }) {
  const { t, locale } = usePage();
  const CategoryIcon = serviceIcons[project.category];
  return (
    <li className={`card project-card project-card-${project.category}`}>
      {project.image && (
        <div className="project-card-media">
          <Picture image={project.image} sizes="(min-width: 72rem) 23rem, (min-width: 40rem) 45vw, 100vw" />
        </div>
      )}
      <div className="project-card-head">
        <span className="project-card-icon" aria-hidden="true">
          <CategoryIcon size={22} />
        </span>
        <p className="tag">{project.type[locale]}</p>
      </div>
      <h3>{project.title[locale]}</h3>
      <p className="project-card-text">{project.description[locale]}</p>
      {project.client && (
        <p className="client-line">{t('forms.labelled', { label: t('pages.portfolio.client'), value: project.client[locale] })}</p>
      )}
    </li>
  );
}
