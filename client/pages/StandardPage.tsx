import { PageIntro } from '../components/PageIntro';
import { usePage } from '../components/page-context';

type Standard = 'team' | 'events' | 'privacy' | 'portfolio';

/** A page whose sections come with their content files (team, events, privacy, portfolio). */
export function standardPage(id: Standard) {
  function Page() {
    const { t } = usePage();
    return <PageIntro title={t(`pages.${id}.heading`)} intro={t(`pages.${id}.intro`)} />;
  }
  Page.displayName = `StandardPage(${id})`;
  return Page;
}
