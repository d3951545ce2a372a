import { SignaturePage, signatureFields } from '../components/SignaturePage';
import { definePage } from '../page';

export default definePage({
  path: '/tools/signature-generator',
  layout: 'bare',
  load: ({ query }) => ({ data: { initial: signatureFields(query) } }),
  Component: ({ data }) => <SignaturePage variant="html" initial={data.initial} />,
});
