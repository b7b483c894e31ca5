import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { systemClock, type Clock } from './clock';
import type { Db } from './db/tables';
import type { ObjectStore } from './storage/object-store';
import type { AppContext } from './context';
import { registerCompression } from './http/compression';
import { registerErrorHandling } from './http/error-handler';
import { registerOpenApi } from './http/openapi';
import { registerRateLimit } from './http/rate-limit';
import { registerSecurityHeaders } from './http/security-headers';
import { apiResources, type ApiResource } from './engine/registry';
import { hookTableOf, type DomainModule } from './engine/module';
import { recordService } from './engine/record-service';
import { reachOf } from './engine/scope';
import { DOMAIN_MODULES } from './modules/index';
import { apiRoutes } from './routes/index';
import { consoleFiles } from './console/static';
import { consoleScriptSources } from './console/inline-scripts';

export interface AppOptions extends Pick<AppContext, 'db' | 'config' | 'storage'> {
  clock?: AppContext['clock'];
  logger?: FastifyServerOptions['logger'];
  /** The built console to serve under /app (absent in API-only tests). */
  consoleDir?: string;
  /** The entities served (every declared one unless a test adds a fixture). */
  resources?: ApiResource[];
  /** The domains' behaviour (every module unless a test brings a fixture). */
  modules?: DomainModule[];
}

/** The record service over these modules' hooks and these entities' grants: the app's, or the seed's before the app exists. */
export const recordsOf = (
  db: Db,
  clock: Clock,
  storage: ObjectStore,
  {
    modules = DOMAIN_MODULES,
    resources = apiResources,
    onEffectError,
  }: { modules?: DomainModule[]; resources?: ApiResource[]; onEffectError?: (error: unknown) => void } = {},
) => recordService({ db, reach: reachOf(resources), hooks: hookTableOf(modules), clock, storage, onEffectError });

/** One Fastify instance serves the API under /api/v1 and the console under /app. */
export async function buildApp({
  db,
  config,
  clock = systemClock,
  logger = false,
  consoleDir,
  resources = apiResources,
  modules = DOMAIN_MODULES,
  storage,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger && { ...(typeof logger === 'object' ? logger : {}), redact: ['req.headers.authorization', 'req.headers.cookie'] },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  const reach = reachOf(resources);
  const records = recordsOf(db, clock, storage, { modules, resources, onEffectError: (error) => app.log.error({ err: error }, 'after-commit effect failed') });
  const ctx: AppContext = { db, config, clock, reach, records, storage };
  await registerSecurityHeaders(app, consoleDir ? await consoleScriptSources(consoleDir) : []);
  registerCompression(app);
  await registerOpenApi(app);
  await registerRateLimit(app, ctx);
  await app.register(apiRoutes(ctx, resources, modules), { prefix: '/api/v1' });
  if (consoleDir) await app.register(consoleFiles(consoleDir), { prefix: '/app' });
  // Outside /api/v1, so not in the OpenAPI document (whose server is /api/v1).
  app.get('/', { config: { access: 'public' }, schema: { hide: true } }, (_request, reply) => reply.redirect('/app'));
  return app;
}
