import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document is generated from the routes' zod schemas and served at /api/v1/openapi.json. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'EDP console API',
        version: '1',
        description:
          'Every response is an envelope { code, message, data }: code 200 on success, -1 on error, 401 when the session has expired (HTTP 403). Error messages are maps { zh_CN, en_US }. Send Authorization: Bearer <sessionKey> from sign-in, or Bearer <accessKeyId>.<secret> of an enabled, unexpired API access key (a robot or a script: it acts as the owner of the key, within its space). While the signed-in account must change its one-time password (account.mustChangePassword), every call but get-cur-user-info, modify-self-pwd and logout answers HTTP 428; every API answer is sent with Cache-Control: no-store.',
      },
      servers: [{ url: '/api/v1' }],
      components: { securitySchemes: { sessionKey: { type: 'http', scheme: 'bearer' } } },
      security: [{ sessionKey: [] }],
    },
    transform: jsonSchemaTransform,
  });
}

/** Paths in the document are relative to the /api/v1 server entry. */
export const openApiDocument = (app: FastifyInstance) => {
  const document = app.swagger() as { paths?: Record<string, unknown> };
  const paths = Object.fromEntries(Object.entries(document.paths ?? {}).map(([route, item]) => [route.replace(/^\/api\/v1/, ''), item]));
  return { ...document, paths };
};
