import type { FastifyInstance } from 'fastify';
import { registerGuard } from '../auth/guard';
import type { ApiApp, AppContext } from '../context';
import { registerInputGuard } from '../http/input-guard';
import { openApiDocument } from '../http/openapi';
import { entityRoutes } from '../engine/routes';
import type { ApiResource } from '../engine/registry';
import { reachOf } from '../engine/scope';
import { accountRoutes } from './accounts';
import { selfRoutes } from './self';
import { signInRoutes } from './sign-in';
import { spaceStatsRoutes } from './space-stats';

/** Everything under /api/v1; the guard applies to these routes only, not to the console's files. */
export function apiRoutes(ctx: AppContext, resources: ApiResource[]) {
  return async (app: FastifyInstance) => {
    registerGuard(app, ctx);
    registerInputGuard(app);
    const api = app as unknown as ApiApp;
    signInRoutes(api, ctx);
    accountRoutes(api, ctx);
    selfRoutes(api, ctx);
    const reach = reachOf(resources);
    spaceStatsRoutes(api, ctx, reach);
    for (const resource of resources) entityRoutes(api, ctx, resource, reach);
    app.get('/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => openApiDocument(app));
  };
}
