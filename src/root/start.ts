import { startFirstRoute } from '../boot/start-route';
import { drawNoticesWith } from '../providers/notifier';
import { routeCode } from './page-loaders';

// antd's static notices are drawn outside the page's tree: in the console's theme, which the theme
// provider's module sets up as it loads (with the first notice, not with the page).
drawNoticesWith(() => import('../screens/components/theme/theme-provider'));

/** The first route's data and code leave now, with the screens' code handed to the boot floor. */
export const routeCodeReady = startFirstRoute(routeCode);
