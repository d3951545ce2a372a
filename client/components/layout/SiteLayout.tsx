import type { ReactNode } from 'react';
import { usePage } from '../page-context';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';

/** The shared layout: skip link, header, the page in <main>, footer. */
export function SiteLayout({ children }: { children: ReactNode }) {
  const { t } = usePage();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('a11y.skipToContent')}
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </>
  );
}

/** Tools (/tools/*) have no navigation or footer: they are shown on a screen or used alone. */
export function BareLayout({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="bare">
      {children}
    </main>
  );
}
