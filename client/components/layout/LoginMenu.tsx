import { GraduationCap, LogIn, Users } from '../icons';
import { usePage } from '../page-context';
import { MenuChevron } from './MenuChevron';

/** Spec §2/§6: two external entry points, the student job platform and the alumni network. */
export function LoginMenu() {
  const { t, config } = usePage();
  return (
    <details className="dropdown login-menu">
      <summary>
        <LogIn aria-hidden="true" size={18} />
        <span>{t('nav.login')}</span>
        <MenuChevron />
      </summary>
      <ul className="dropdown-panel dropdown-panel-end">
        <li>
          <a href={config.STUDENT_PLATFORM_URL} className="menu-entry">
            <GraduationCap aria-hidden="true" size={20} />
            <span>
              <strong>{t('nav.loginStudent')}</strong>
              <small>{t('nav.loginStudentHint')}</small>
            </span>
          </a>
        </li>
        <li>
          <a href={config.ALUMNI_URL} className="menu-entry">
            <Users aria-hidden="true" size={20} />
            <span>
              <strong>{t('nav.loginAlumni')}</strong>
              <small>{t('nav.loginAlumniHint')}</small>
            </span>
          </a>
        </li>
      </ul>
    </details>
  );
}
