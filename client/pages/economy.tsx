import { ServicePage } from '../components/ServicePage';
import { definePage } from '../page';

export default definePage({
  path: '/services/economy',
  Component: () => <ServicePage id="economy" />,
});
