import { ServicePage } from '../components/ServicePage';
import { definePage } from '../page';

export default definePage({
  path: '/services/digital',
  Component: () => <ServicePage id="digital" />,
});
