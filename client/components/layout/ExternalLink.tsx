import type { ReactNode } from 'react';
import { usePage } from '../page-context';

/** A link that opens in a new tab, says so to screen readers, and gives the target no handle on us. */
export function ExternalLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  const { t } = usePage();
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="sr-only"> {t('a11y.opensInNewTab')}</span>
    </a>
  );
}
