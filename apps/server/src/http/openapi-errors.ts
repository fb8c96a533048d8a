import {
  getErrorAnswers,
  needsSystemIdHeader,
  SYSTEM_ID,
  SYSTEM_ID_HEADER,
  type Requirement,
} from '@conversa/contracts';

/** The error body every failing endpoint answers with (`ErrorBody` of packages/contracts). */
function errorBodySchema(description: string, hasIssues: boolean): Record<string, unknown> {
  return {
    description,
    type: 'object',
    required: ['statusCode', 'error', 'message'],
    properties: {
      statusCode: { type: 'integer' },
      error: { type: 'string' },
      message: { type: 'string', description: 'A sentence a person reads.' },
      ...(hasIssues
        ? {
            issues: {
              type: 'array',
              description: 'One problem per refused field.',
              items: {
                type: 'object',
                required: ['path', 'message'],
                properties: {
                  path: { type: 'array', items: { type: 'string' } },
                  message: { type: 'string' },
                },
              },
            },
          }
        : {}),
    },
  };
}

interface DocumentedRoute {
  method: string | string[];
  url: string;
  config?: {
    permission?: Requirement;
    storyfileParam?: string;
    isOpenToStudents?: boolean;
    errors?: readonly (404 | 409 | 429)[];
  };
}

/**
 * A route's OpenAPI schema with its error answers (`getErrorAnswers` of packages/contracts, the one
 * place they come from) and, where the gateway's check requires it, the system id header
 * (`needsSystemIdHeader`, which the check itself reads). Routes without a declared permission (the
 * provider's own pages) are left as they are.
 */
export function documentErrorsAndHeaders(
  schema: Record<string, unknown>,
  route: DocumentedRoute,
): Record<string, unknown> {
  const permission = route.config?.permission;
  if (!permission) {
    return schema;
  }
  const method = Array.isArray(route.method) ? (route.method[0] ?? 'GET') : route.method;
  const answers = getErrorAnswers({
    method: method.toUpperCase() as 'GET',
    path: route.url,
    permission,
    params: schema.params as never,
    query: schema.querystring as never,
    body: schema.body as never,
    ...(route.config?.storyfileParam ? { storyfileParam: route.config.storyfileParam } : {}),
    ...(route.config?.errors ? { errors: route.config.errors } : {}),
    isOpenToStudents: route.config?.isOpenToStudents,
  });
  const response = { ...(schema.response as Record<string, unknown> | undefined) };
  for (const answer of answers) {
    response[answer.status] ??= errorBodySchema(answer.description, answer.hasIssues);
  }
  const documented: Record<string, unknown> = { ...schema, response };
  if (needsSystemIdHeader(method, route.url)) {
    const headers =
      (schema.headers as { properties?: object; required?: string[] } | undefined) ?? {};
    const isAnonymous = permission.kind === 'public';
    documented.headers = {
      type: 'object',
      ...headers,
      properties: {
        ...headers.properties,
        [SYSTEM_ID_HEADER]: {
          type: 'string',
          description: `The system id header (the studio's web sends "${SYSTEM_ID}"): required on every write without a bearer token (${isAnonymous ? 'this call takes no sign-in, so always' : 'a call with the session cookie'}); a write without it answers 403.`,
          example: SYSTEM_ID,
        },
      },
      // Public calls carry no bearer token, so the header is always required there.
      required: [...(headers.required ?? []), ...(isAnonymous ? [SYSTEM_ID_HEADER] : [])],
    };
  }
  return documented;
}
