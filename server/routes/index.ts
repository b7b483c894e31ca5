import type { FastifyInstance } from 'fastify';
import { registerGuard } from '../auth/guard';
import type { ApiApp, AppContext } from '../context';
import { registerInputGuard } from '../http/input-guard';
import { openApiDocument } from '../http/openapi';
import { registerRecordPaths } from '../engine/record-paths';
import { entityRoutes } from '../engine/routes';
import type { ApiResource } from '../engine/registry';
import { signInRoutes } from './sign-in';

/** Everything under /api/v1; the guard applies to these routes only, not to the console's files. */
export function apiRoutes(ctx: AppContext, resources: ApiResource[], moduleRoutes: (app: ApiApp) => void) {
  return async (app: FastifyInstance) => {
    registerGuard(app, ctx);
    registerRecordPaths(app, ctx, resources);
    registerInputGuard(app);
    const api = app as unknown as ApiApp;
    signInRoutes(api, ctx);
    moduleRoutes(api);
    for (const resource of resources) entityRoutes(api, ctx, resource);
    app.get('/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => openApiDocument(app));
  };
}
