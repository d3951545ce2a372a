import { localizePath } from '../../paths';
import { usePage } from '../page-context';

/** Logo and name, linking home in the current language (header and footer). */
export function Brand({ className = 'brand' }: { className?: string }) {
  const { t, locale } = usePage();
  return (
    <a className={className} href={localizePath('/', locale)} aria-label={t('a11y.homeLink')}>
      <img src="/images/logo.svg" width={40} height={40} alt="" fetchPriority="low" />
      <span className="brand-name" aria-hidden="true">
        {t('site.name')}
      </span>
    </a>
  );
}
