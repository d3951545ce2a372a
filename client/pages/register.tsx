import { PlatformPage } from '../components/PlatformPage';
import { definePage } from '../page';

export default definePage({
  path: '/register',
  sitemap: false,
  Component: () => <PlatformPage id="register" />,
});
