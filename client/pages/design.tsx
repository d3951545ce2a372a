import { ServicePage } from '../components/ServicePage';
import { definePage } from '../page';

export default definePage({
  path: '/services/design',
  Component: () => <ServicePage id="design" />,
});
