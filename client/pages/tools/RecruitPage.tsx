import { usePage } from '../../components/page-context';
import { href } from '../../routes';

/** /tools/recruit: where the recruitment forum's QR code leads. */
export function RecruitPage() {
  const { t, locale } = usePage();
  return (
    <div className="tool">
      <img src="/images/logo.svg" width={64} height={64} alt={t('site.logoAlt')} />
      <h1>{t('pages.recruit.heading')}</h1>
      <p className="lead">{t('pages.recruit.intro')}</p>
      <p><a className="button" href={href('jobs', locale)}>{t('pages.recruit.cta')}</a></p>
    </div>
  );
}

