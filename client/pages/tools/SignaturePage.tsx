import { site } from '#content/index.ts';
import { Island } from '../../components/Island';
import { usePage } from '../../components/page-context';
import type { SignatureFields, SignatureGeneratorProps } from '../../islands/SignatureGenerator';

const LABELS = [
  'name',
  'role',
  'phone',
  'email',
  'preview',
  'plainText',
  'plainTextHint',
  'update',
  'copy',
  'copied',
  'copyFailed',
  'namePlaceholder',
  'rolePlaceholder',
  'phonePlaceholder',
  'emailPlaceholder',
] as const satisfies readonly (keyof SignatureGeneratorProps['labels'])[];

/** /tools/signature-generator (`html`) and /tools/signature-generator-phone (`phone`): one island, two layouts. */
export function signaturePage(variant: SignatureGeneratorProps['variant']) {
  function Page({ data }: { data: { initial: SignatureFields } }) {
    const { t, config } = usePage();
    const labels = Object.fromEntries(LABELS.map((key) => [key, t(`pages.signature.${key}`)])) as SignatureGeneratorProps['labels'];
    return (
      <div className={`tool tool-signature tool-signature-${variant}`}>
        <h1>{t(variant === 'html' ? 'pages.signature.heading' : 'pages.signature.phoneHeading')}</h1>
        <p className="lead">{t(variant === 'html' ? 'pages.signature.intro' : 'pages.signature.phoneIntro')}</p>
        <Island
          name="SignatureGenerator"
          props={{
            variant,
            initial: data.initial,
            org: { fullName: t('site.fullName'), address: site.address, website: config.SITE_URL },
            labels,
          }}
        />
      </div>
    );
  }
  Page.displayName = `SignaturePage(${variant})`;
  return Page;
}
