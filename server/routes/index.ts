import type { FastifyInstance } from 'fastify';
import { registerGuard } from '../auth/guard';
import type { ApiApp, AppContext } from '../context';
import { openApiDocument } from '../http/openapi';
import { entityRoutes } from '../engine/routes';
import type { ApiResource } from '../engine/registry';
import { accountRoutes } from './accounts';
import { selfRoutes } from './self';
import { signInRoutes } from './sign-in';
import { spaceStatsRoutes } from './space-stats';

/** Everything under /api/v1; the guard applies to these routes only, not to the console's files. */
export function apiRoutes(ctx: AppContext, resources: ApiResource[]) {
  return async (app: FastifyInstance) => {
    registerGuard(app, ctx);
    const api = app as unknown as ApiApp;
    signInRoutes(api, ctx);
    accountRoutes(api, ctx);
    selfRoutes(api, ctx);
    spaceStatsRoutes(api, ctx);
    for (const resource of resources) entityRoutes(api, ctx, resource);
    app.get('/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => openApiDocument(app));
  };
}
