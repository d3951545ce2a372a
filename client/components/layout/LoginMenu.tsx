import { site } from '#content/index.ts';
import { GraduationCap, LogIn, Users } from '../icons';
import { usePage } from '../page-context';
import { MenuChevron } from './MenuChevron';

/** Two external entry points, the student job platform and the alumni network. */
export function LoginMenu() {
  const { t } = usePage();
  const entries = [
    { url: site.platforms.students, Icon: GraduationCap, label: t('nav.loginStudent'), hint: t('nav.loginStudentHint') },
    { url: site.platforms.alumni, Icon: Users, label: t('nav.loginAlumni'), hint: t('nav.loginAlumniHint') },
  ];
  return (
    <details className="dropdown login-menu">
      <summary>
        <LogIn aria-hidden="true" size={18} />
        <span>{t('nav.login')}</span>
        <MenuChevron />
      </summary>
      <ul className="dropdown-panel dropdown-panel-end">
        {entries.map(({ url, Icon, label, hint }) => (
          <li key={url}>
            <a href={url} className="menu-entry">
              <Icon aria-hidden="true" size={20} />
              <span>
                <strong>{label}</strong>
                <small>{hint}</small>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
