import type { FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { documentErrorsAndHeaders } from '../http/openapi-errors.ts';

/** The OpenAPI document of every route registered after this, and its viewer at /docs. */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Conversa Studio API',
        version: '1.0.3',
        description:
          "Gateway API of Conversa Studio. Browser calls authenticate with the session cookie, other clients with a bearer access token from the studio's OpenID provider.",
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    // Each operation documents the permission its contract declares (`x-permission`, spec §6), so
    // clients read who may call it, and the suite's authorization matrix derives its expectations
    // from the document itself.
    // Each also lists its error answers and, where the gateway's check requires it, the system id
    // header, both from packages/contracts (getErrorAnswers, needsSystemIdHeader).
    transform: (input) => {
      const result = jsonSchemaTransform(input);
      const permission = input.route.config?.permission;
      if (!permission) {
        return result;
      }
      const schema = documentErrorsAndHeaders(result.schema as Record<string, unknown>, {
        method: input.route.method,
        url: input.route.url,
        config: input.route.config,
      });
      return {
        ...result,
        schema: { ...schema, 'x-permission': permission } as typeof result.schema,
      };
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });
}
