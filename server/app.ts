import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { systemClock } from './clock';
import type { AppContext } from './context';
import { setUpDomain } from './domain';
import { registerCompression } from './http/compression';
import { registerErrorHandling } from './http/error-handler';
import { registerOpenApi } from './http/openapi';
import { registerRateLimit } from './http/rate-limit';
import { registerSecurityHeaders } from './http/security-headers';
import { registerBulkTurns } from './http/bulk-turns';
import { registerUnreadBodyDrain } from './http/unread-body';
import { apiResources, type ApiResource } from './engine/registry';
import type { DomainModule, ModuleJobs } from './engine/module';
import type { RecordService } from './engine/record-service';
import { DOMAIN_MODULES } from './modules/index';
import { apiRoutes } from './routes/index';
import { consoleFiles } from './console/static';
import { consoleScriptSources } from './console/inline-scripts';

export interface AppOptions extends Pick<AppContext, 'db' | 'kind' | 'config' | 'storage' | 'snapshot'> {
  clock?: AppContext['clock'];
  logger?: FastifyServerOptions['logger'];
  /** The built console to serve under /app (absent in API-only tests). */
  consoleDir?: string;
  /** The entities served (every declared one unless a test adds a fixture). */
  resources?: ApiResource[];
  /** The domains' behaviour (every module unless a test brings a fixture). */
  modules?: DomainModule[];
}

/** An app: what serves HTTP, and what its modules give the rest of the process. */
export interface App {
  /** The API under /api/v1 and the console under /app. */
  http: FastifyInstance;
  /** The app's one way to write records (the seed's and the system's writes go through it too). */
  records: RecordService;
  /** Its modules' jobs, for the workers a server process starts. */
  jobs(): Required<ModuleJobs>;
}

/** One Fastify instance serves the API under /api/v1 and the console under /app; each module is set up with this app's context. */
export async function buildApp({
  db,
  kind,
  config,
  clock = systemClock,
  logger = false,
  consoleDir,
  resources = apiResources,
  modules = DOMAIN_MODULES,
  storage,
  snapshot,
}: AppOptions): Promise<App> {
  const app = Fastify({
    logger: logger && { ...(typeof logger === 'object' ? logger : {}), redact: ['req.headers.authorization', 'req.headers.cookie'] },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerUnreadBodyDrain(app);
  registerBulkTurns(app);
  const domain = setUpDomain({
    db,
    kind,
    config,
    clock,
    storage,
    ...(snapshot ? { snapshot } : {}),
    resources,
    modules,
    onEffectError: (error) => app.log.error({ err: error }, 'after-commit effect failed'),
  });
  await registerSecurityHeaders(app, consoleDir ? await consoleScriptSources(consoleDir) : []);
  registerCompression(app);
  await registerOpenApi(app);
  await registerRateLimit(app, domain.context);
  await app.register(apiRoutes(domain.context, resources, domain.routes), { prefix: '/api/v1' });
  if (consoleDir) await app.register(consoleFiles(consoleDir), { prefix: '/app' });
  // Outside /api/v1, so not in the OpenAPI document (whose server is /api/v1).
  app.get('/', { config: { access: 'public' }, schema: { hide: true } }, (_request, reply) => reply.redirect('/app'));
  return { http: app, records: domain.context.records, jobs: domain.jobs };
}
