import { ServicePage } from '../components/ServicePage';
import { definePage } from '../page';

export default definePage({
  Component: () => <ServicePage id="design" />,
});
