import type { EntityView, PageLoader, RouteEntry } from '../resources/types';
import { applyEarlyStyles } from './early-styles';

/** The signed-in area's frame (Refine, antd's theme, the layout), and the styles the document brought early for it. */
export const loadConsoleShell = () => Promise.all([import('./console-shell'), applyEarlyStyles()]).then(([shell]) => shell);

/** The generated pages of every declared entity (src/components/schema). */
const ENTITY_PAGES: Record<EntityView, PageLoader> = {
  list: () => import('../components/schema/entity-list-page'),
  show: () => import('../components/schema/entity-show-page'),
  create: () => import('../components/schema/entity-form-page'),
  edit: () => import('../components/schema/entity-form-page'),
};

/** The code of a route's page: its own, or the generated one of its entity view; none for a notice or a redirect. */
export const pageLoaderOf = (entry: RouteEntry): PageLoader | undefined => entry.page ?? (entry.view && ENTITY_PAGES[entry.view]);
