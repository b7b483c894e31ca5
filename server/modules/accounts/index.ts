import type { DomainModule } from '../../engine/module';
import { accountRoutes } from './account-routes';
import { selfRoutes } from './self-routes';

/** Accounts (spec §7): the space's members, and each member's own details and password. */
export const accountsModule: DomainModule = {
  name: 'accounts',
  setup: (context) => ({
    routes: (app) => {
      accountRoutes(app, context);
      selfRoutes(app, context);
    },
  }),
};
