import { PlatformPage } from '../components/PlatformPage';
import { definePage } from '../page';

export default definePage({
  path: '/login',
  sitemap: false,
  Component: () => <PlatformPage id="login" />,
});
