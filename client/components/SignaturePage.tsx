import { site } from '#content/index.ts';
import { withoutInvisible } from '../forms/fields';
import { SIGNATURE_FIELD_MAX, type SignatureFields, type SignatureGeneratorProps } from '../islands/SignatureGenerator';
import { Island } from './Island';
import { KeepHyphenatedWords } from './KeepHyphenatedWords';
import { usePage } from './page-context';

const LABELS = [
  'name',
  'role',
  'phone',
  'phoneNotCallable',
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
export function SignaturePage({ variant, initial }: { variant: SignatureGeneratorProps['variant']; initial: SignatureFields }) {
  const { t, config } = usePage();
  const labels = Object.fromEntries(LABELS.map((key) => [key, t(`pages.signature.${key}`)])) as SignatureGeneratorProps['labels'];
  return (
    <div className={`tool tool-signature tool-signature-${variant}`}>
      <h1>
        <KeepHyphenatedWords text={t(variant === 'html' ? 'pages.signature.heading' : 'pages.signature.phoneHeading')} />
      </h1>
      <p className="lead">{t(variant === 'html' ? 'pages.signature.intro' : 'pages.signature.phoneIntro')}</p>
      <Island
        name="SignatureGenerator"
        props={{
          variant,
          initial,
          org: { fullName: t('site.fullName'), address: site.address, website: config.SITE_URL, logoAlt: t('site.logoAlt') },
          labels,
        }}
      />
    </div>
  );
}

/** The form's GET fields (the no-JavaScript fallback): bounded, invisible characters removed (the forms' rule). */
export function signatureFields(query: URLSearchParams): SignatureFields {
  const field = (name: keyof SignatureFields) =>
    withoutInvisible(query.get(name) ?? '')
      .trim()
      .slice(0, SIGNATURE_FIELD_MAX);
  return { name: field('name'), role: field('role'), phone: field('phone'), email: field('email') };
}
