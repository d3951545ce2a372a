import { site } from '#content/index.ts';
import { ExternalLinkIcon } from '../components/icons';
import { PageIntro } from '../components/PageIntro';
import { usePage } from '../components/page-context';
import { definePage } from '../page';

function MyJobPage() {
  const { t } = usePage();
  return (
    <PageIntro title={t('pages.myjob.heading')} intro={t('pages.myjob.intro')}>
      <p className="actions">
        <a className="button" href={site.platforms.students}>
          {t('pages.myjob.cta')} <ExternalLinkIcon aria-hidden="true" size={16} />
        </a>
      </p>
    </PageIntro>
  );
}

export default definePage({
  sitemap: false,
  Component: MyJobPage,
});
