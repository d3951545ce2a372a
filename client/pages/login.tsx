import { PlatformPage } from '../components/PlatformPage';
import { definePage } from '../page';

export default definePage({
  sitemap: false,
  Component: () => <PlatformPage id="login" />,
});
