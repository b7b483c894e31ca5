import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { systemClock } from './clock';
import type { AppContext } from './context';
import { registerErrorHandling } from './http/error-handler';
import { registerOpenApi } from './http/openapi';
import { registerRateLimit } from './http/rate-limit';
import { registerSecurityHeaders } from './http/security-headers';
import { apiResources, type ApiResource } from './engine/registry';
import { apiRoutes } from './routes/index';
import { consoleFiles } from './console/static';

export interface AppOptions extends Omit<AppContext, 'clock'> {
  clock?: AppContext['clock'];
  logger?: FastifyServerOptions['logger'];
  /** The built console to serve under /app (absent in API-only tests). */
  consoleDir?: string;
  /** The entities served (every declared one unless a test adds a fixture). */
  resources?: ApiResource[];
}

/** One Fastify instance serves the API under /api/v1 and the console under /app. */
export async function buildApp({
  db,
  config,
  clock = systemClock,
  logger = false,
  consoleDir,
  resources = apiResources,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger && { ...(typeof logger === 'object' ? logger : {}), redact: ['req.headers.authorization', 'req.headers.cookie'] },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  const ctx = { db, config, clock };
  await registerSecurityHeaders(app);
  await registerOpenApi(app);
  await registerRateLimit(app, ctx);
  await app.register(apiRoutes(ctx, resources), { prefix: '/api/v1' });
  if (consoleDir) await app.register(consoleFiles(consoleDir), { prefix: '/app' });
  // Outside /api/v1, so not in the OpenAPI document (whose server is /api/v1).
  app.get('/', { config: { access: 'public' }, schema: { hide: true } }, (_request, reply) => reply.redirect('/app'));
  return app;
}
