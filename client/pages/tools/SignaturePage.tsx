import { site } from '#content/index.ts';
import { Island } from '../../components/Island';
import { usePage } from '../../components/page-context';
import type { SignatureFields } from '../../islands/SignatureGenerator';

export function signaturePage(variant: 'html' | 'phone') {
  function Page({ data }: { data: { initial: SignatureFields } }) {
    const { t, config } = usePage();
    const s = (key: 'name' | 'role' | 'phone' | 'email' | 'preview' | 'update' | 'copy' | 'copied' | 'copyFailed' | 'namePlaceholder' | 'rolePlaceholder') =>
      t(`pages.signature.${key}`);
    return (
      <div className="tool">
        <h1>{t(variant === 'html' ? 'pages.signature.heading' : 'pages.signature.phoneHeading')}</h1>
        <p className="lead">{t(variant === 'html' ? 'pages.signature.intro' : 'pages.signature.phoneIntro')}</p>
        <Island
          name="SignatureGenerator"
          props={{
            variant,
            initial: data.initial,
            org: { name: t('site.name'), fullName: t('site.fullName'), address: site.address, website: config.SITE_URL },
            labels: {
              name: s('name'), role: s('role'), phone: s('phone'), email: s('email'), preview: s('preview'),
              update: s('update'), copy: s('copy'), copied: s('copied'), copyFailed: s('copyFailed'),
              namePlaceholder: s('namePlaceholder'), rolePlaceholder: s('rolePlaceholder'),
            },
          }}
        />
      </div>
    );
  }
  Page.displayName = `SignaturePage(${variant})`;
  return Page;
}
