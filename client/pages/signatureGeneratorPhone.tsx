import { SignaturePage, signatureFields } from '../components/SignaturePage';
import { definePage } from '../page';

export default definePage({
  layout: 'bare',
  load: ({ query }) => ({ data: { initial: signatureFields(query) } }),
  Component: ({ data }) => <SignaturePage variant="phone" initial={data.initial} />,
});
