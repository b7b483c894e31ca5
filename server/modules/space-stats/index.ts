import type { DomainModule } from '../../engine/module';
import { spaceStatsRoutes } from './space-stats-routes';

/** The figures of the space home, the quota dashboard and the platform's usage statistics. */
export const spaceStatsModule: DomainModule = { name: 'space-stats', setup: (context) => ({ routes: (app) => spaceStatsRoutes(app, context) }) };
