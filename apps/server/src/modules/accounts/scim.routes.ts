import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  createScimTokenContract,
  describeValidationIssues,
  getFailureMessage,
  listScimTokensContract,
  revokeScimTokenContract,
  SCIM_CONTENT_TYPE,
  scimGroupContracts,
  scimResourceTypesContract,
  scimSchemasContract,
  scimServiceProviderConfigContract,
  scimUserContracts,
  type ValidationIssue,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { AppError, createErrorId, unauthorized } from '../../http/errors.ts';
import { registerContract, setScimTokenResolver, type ScimClient } from '../../http/gateway.ts';
import { isDatabaseUnavailable } from '../../db/client.ts';
import {
  createScimGroup,
  deleteScimGroup,
  patchScimGroup,
  replaceScimGroup,
} from './scim-groups.service.ts';
import { getScimGroup, listScimGroups } from './scim-groups.query.ts';
import {
  buildResourceTypes,
  buildSchemas,
  buildScimErrorBody,
  buildServiceProviderConfig,
  ScimError,
} from './scim-protocol.ts';
import {
  createScimToken,
  createScimTokenResolver,
  listScimTokens,
  revokeScimToken,
} from './scim-tokens.service.ts';
import {
  createScimUser,
  deleteScimUser,
  patchScimUser,
  replaceScimUser,
} from './scim-users.service.ts';
import { getScimUser, listScimUsers } from './scim-users.query.ts';
import type { SignInRevoker } from './sessions.ts';

/** The token's organization; the permission hook set it, or refused the call. */
function clientOf(request: FastifyRequest): ScimClient {
  if (!request.scimClient) {
    throw unauthorized('A SCIM token is required.');
  }
  return request.scimClient;
}

/** Owners' SCIM token management (session routes) and the SCIM 2.0 endpoints themselves. */
export function registerScimRoutes(
  app: FastifyInstance,
  options: { db: Database; publicUrl: string; revoker: SignInRevoker },
): void {
  const { db, publicUrl, revoker } = options;
  setScimTokenResolver(app, createScimTokenResolver(db));

  registerContract(app, listScimTokensContract, async (request) => ({
    items: await listScimTokens(db, request.currentUser, request.params.id),
    baseUrl: `${publicUrl}/scim/v2`,
  }));
  registerContract(app, createScimTokenContract, (request) =>
    createScimToken(db, request.currentUser, request.params.id, request.body),
  );
  registerContract(app, revokeScimTokenContract, (request) =>
    revokeScimToken(db, request.currentUser, request.params.id, request.params.tokenId),
  );

  // SCIM answers in its own media type and error schema (RFC 7644 §3.1, §3.12): an encapsulated
  // scope, so the rest of the API keeps the studio's.
  void app.register((scim, _options, done) => {
    scim.addContentTypeParser(
      SCIM_CONTENT_TYPE,
      { parseAs: 'string' },
      scim.getDefaultJsonParser('error', 'error'),
    );
    scim.addHook('onRequest', (_request, reply, done) => {
      reply.type(SCIM_CONTENT_TYPE);
      done();
    });
    scim.setErrorHandler((error, request, reply) => {
      reply.type(SCIM_CONTENT_TYPE);
      if (error instanceof ScimError) {
        return reply
          .status(error.status)
          .send(buildScimErrorBody(error.status, error.message, error.scimType));
      }
      if (error instanceof AppError) {
        return reply
          .status(error.status)
          .headers(error.headers)
          .send(buildScimErrorBody(error.status, error.message));
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const issues: ValidationIssue[] = error.validation.map((issue) => ({
          ...issue.params,
          code: issue.keyword,
          message: issue.message ?? '',
          path: issue.instancePath.split('/').filter((step) => step !== ''),
        }));
        return reply
          .status(400)
          .send(buildScimErrorBody(400, describeValidationIssues(issues), 'invalidSyntax'));
      }
      const status = (error as { statusCode?: number }).statusCode ?? 500;
      if (status >= 500 || isDatabaseUnavailable(error)) {
        const errorId = createErrorId();
        request.log.error({ err: error, errorId }, 'SCIM request failed');
        const answer = isDatabaseUnavailable(error) ? 503 : status;
        return reply
          .status(answer)
          .send({ ...buildScimErrorBody(answer, getFailureMessage(request.method)), errorId });
      }
      // Fastify's own refusals: a body that is not JSON, an unsupported media type, too large.
      return reply
        .status(status)
        .send(
          buildScimErrorBody(
            status,
            (error as Error).message,
            status === 400 ? 'invalidSyntax' : undefined,
          ),
        );
    });

    const users = scimUserContracts;
    registerContract(scim, users.list, (request) =>
      listScimUsers(db, clientOf(request), publicUrl, request.query),
    );
    registerContract(scim, users.get, (request) =>
      getScimUser(db, clientOf(request), publicUrl, request.params.resourceId),
    );
    registerContract(scim, users.create, async (request, reply) => {
      const created = await createScimUser(db, clientOf(request), publicUrl, request.body);
      // RFC 7644 §3.3: a created resource's URI in Location, as in its meta.
      void reply.header('location', created.meta.location);
      return created;
    });
    registerContract(scim, users.replace, (request) =>
      replaceScimUser(
        db,
        revoker,
        clientOf(request),
        publicUrl,
        request.params.resourceId,
        request.body,
      ),
    );
    registerContract(scim, users.patch, (request) =>
      patchScimUser(
        db,
        revoker,
        clientOf(request),
        publicUrl,
        request.params.resourceId,
        request.body,
      ),
    );
    registerContract(scim, users.remove, (request) =>
      deleteScimUser(db, revoker, clientOf(request), request.params.resourceId),
    );

    const groups = scimGroupContracts;
    registerContract(scim, groups.list, (request) =>
      listScimGroups(db, clientOf(request), publicUrl, request.query),
    );
    registerContract(scim, groups.get, (request) =>
      getScimGroup(db, clientOf(request), publicUrl, request.params.resourceId, request.query),
    );
    registerContract(scim, groups.create, async (request, reply) => {
      const created = await createScimGroup(db, clientOf(request), publicUrl, request.body);
      // RFC 7644 §3.3: a created resource's URI in Location, as in its meta.
      void reply.header('location', created.meta.location);
      return created;
    });
    registerContract(scim, groups.replace, (request) =>
      replaceScimGroup(db, clientOf(request), publicUrl, request.params.resourceId, request.body),
    );
    registerContract(scim, groups.patch, (request) =>
      patchScimGroup(db, clientOf(request), publicUrl, request.params.resourceId, request.body),
    );
    registerContract(scim, groups.remove, (request) =>
      deleteScimGroup(db, clientOf(request), request.params.resourceId),
    );

    registerContract(scim, scimServiceProviderConfigContract, () =>
      Promise.resolve(buildServiceProviderConfig(publicUrl)),
    );
    registerContract(scim, scimResourceTypesContract, () =>
      Promise.resolve(buildResourceTypes(publicUrl)),
    );
    registerContract(scim, scimSchemasContract, () => Promise.resolve(buildSchemas(publicUrl)));
    done();
  });
}
