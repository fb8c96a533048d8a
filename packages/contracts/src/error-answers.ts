import type { Contract } from './contract.ts';
import { SYSTEM_ID, SYSTEM_ID_HEADER } from './constants.ts';
import {
  FEATURE_NOT_ENABLED_MESSAGE,
  LOGIN_REQUIRED_MESSAGE,
  roleRequiredMessage,
  SCIM_TOKEN_REQUIRED_MESSAGE,
  type Requirement,
} from './permissions/rules.ts';

/** Error statuses a contract may declare beyond those its shape implies. */
export type DeclaredErrorStatus = 404 | 409 | 429;

/** One error answer of an operation, as the API documentation lists it. */
export interface ErrorAnswer {
  status: 400 | 401 | 403 | 404 | 409 | 429;
  /** What it means, with the message a caller reads where the studio has a fixed one. */
  description: string;
  /** Whether the body carries `issues` (400: one per refused field). */
  hasIssues: boolean;
}

/** 403 of a write sent with neither a bearer token nor the system id header and its value. */
export const SYSTEM_ID_REQUIRED_MESSAGE = `Requests from the browser must carry the ${SYSTEM_ID_HEADER} header with the value ${SYSTEM_ID}.`;

const GUARDED_WRITE_PREFIXES = ['/v1/', '/api/', '/files'];

/**
 * The one write a cross-site form must be able to send: the identity provider's `form_post`
 * answer of the hybrid sign-in (spec §4). It needs no cookie, and its state (issued by the studio,
 * used once) and its ID token (signed by the issuer, with that state's nonce and the code's hash)
 * are its protection. Matched on the exact path, the query aside.
 */
const FORM_POST_CALLBACK_PATH = '/api/auth/callback';

/**
 * Whether a call without a bearer token must carry the system id header: every write (not GET,
 * HEAD or OPTIONS) to the gateway and the upload endpoint, but the sign-in's form post callback.
 * A cross-site form cannot set a header, so this is the studio's CSRF defence on top of SameSite
 * cookies. The server's check and the API documentation both read it.
 */
export function needsSystemIdHeader(method: string, path: string): boolean {
  const isWrite = !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase());
  return (
    isWrite &&
    GUARDED_WRITE_PREFIXES.some((prefix) => path.startsWith(prefix)) &&
    path.split('?')[0] !== FORM_POST_CALLBACK_PATH
  );
}

/** The 403 sentences a requirement can answer with (the role message of spec §5 where a role is involved). */
function describeForbidden(permission: Requirement): string[] {
  switch (permission.kind) {
    case 'public':
    case 'scimToken':
      return [];
    case 'loggedIn':
      // Students (restricted role only) are refused everything not open to them.
      return [];
    case 'role':
    case 'storyfile':
      return [roleRequiredMessage(permission.scope)];
    case 'attribute':
      return [
        ...(permission.scope === undefined ? [] : [roleRequiredMessage(permission.scope)]),
        FEATURE_NOT_ENABLED_MESSAGE,
      ];
    case 'admin':
      return [roleRequiredMessage('super_admin')];
  }
}

const CONFLICT_DESCRIPTION =
  'Conflict: the request clashes with the current state (a name already taken, something already done or changed meanwhile); `message` says what.';
const RATE_LIMIT_DESCRIPTION =
  'Too many requests: a rate limit was reached; `message` says so and the `retry-after` header gives the seconds to wait.';

/**
 * Every error answer of a contract's operation, from its method, path, permission, inputs and the
 * statuses it declares (`errors`): the one place the API documentation lists them from. Every
 * error body is `{ statusCode, error, message }`; a 400 adds `issues`.
 */
export function getErrorAnswers(
  contract: Pick<
    Contract,
    'method' | 'path' | 'permission' | 'params' | 'query' | 'body' | 'storyfileParam' | 'errors'
  > & { isOpenToStudents?: boolean | undefined },
): ErrorAnswer[] {
  const answers: ErrorAnswer[] = [];
  const { permission } = contract;
  const isWrite = needsSystemIdHeader(contract.method, contract.path);
  if (contract.params || contract.query || contract.body) {
    answers.push({
      status: 400,
      description:
        'The request is not valid: `message` says what to fix in words a person reads, and `issues` names each refused field (`path`, `message`).',
      hasIssues: true,
    });
  }
  if (permission.kind === 'scimToken') {
    answers.push({ status: 401, description: SCIM_TOKEN_REQUIRED_MESSAGE, hasIssues: false });
  } else if (permission.kind !== 'public') {
    answers.push({
      status: 401,
      description: `Not signed in (no session cookie or bearer token, or an expired one): "${LOGIN_REQUIRED_MESSAGE}"`,
      hasIssues: false,
    });
  }
  const forbidden = describeForbidden(permission).map((message) => `"${message}"`);
  if (permission.kind !== 'public' && permission.kind !== 'scimToken') {
    if (!contract.isOpenToStudents) {
      forbidden.push(`"${roleRequiredMessage('read:ns')}" to a student (restricted role only)`);
    }
    if (isWrite) {
      forbidden.push('the read-only message of an ended free trial');
    }
  }
  if (isWrite) {
    forbidden.push(`"${SYSTEM_ID_REQUIRED_MESSAGE}" (a call without a bearer token)`);
  }
  if (forbidden.length > 0) {
    answers.push({
      status: 403,
      description: `Forbidden: ${forbidden.join('; ')}.`,
      hasIssues: false,
    });
  }
  const declared = new Set(contract.errors ?? []);
  if (contract.path.includes('/:') || contract.storyfileParam !== undefined || declared.has(404)) {
    answers.push({
      status: 404,
      description:
        'Not found: what the request names does not exist, or lies outside the caller’s namespaces; `message` says what.',
      hasIssues: false,
    });
  }
  if (declared.has(409)) {
    answers.push({ status: 409, description: CONFLICT_DESCRIPTION, hasIssues: false });
  }
  if (declared.has(429)) {
    answers.push({ status: 429, description: RATE_LIMIT_DESCRIPTION, hasIssues: false });
  }
  return answers;
}
