import { ServicePage } from '../components/ServicePage';
import { definePage } from '../page';

export default definePage({
  path: '/services/engineering',
  Component: () => <ServicePage id="engineering" />,
});
