import {
  API_ACCEPT_HEADER_VALUE,
  PUSH_FAILED_DEFAULT_CODE,
  SYSTEM_ID,
  SYSTEM_ID_HEADER,
  buildPath,
  getFailureMessage,
  type Contract,
  type FieldProblem,
  type HttpMethod,
} from '@conversa/contracts';
import type { z } from 'zod';

/**
 * An API failure with the server's message, or the spec §8 message for the verb when it sent none.
 * A refused request (400) also lists its field problems, already in words a person reads
 * (packages/contracts `describeValidationIssue`), so a form can show each beside its field.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly issues: readonly FieldProblem[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The sentence about one field (its key, e.g. `namespaceId`), if the server named it. */
  messageFor(field: string): string | undefined {
    return this.issues.find((issue) => issue.path.at(-1) === field)?.message;
  }
}

function readIssues(value: unknown): FieldProblem[] {
  if (!Array.isArray(value)) {
    return [];
  }
  return value.filter(
    (issue): issue is FieldProblem =>
      typeof issue === 'object' &&
      issue !== null &&
      Array.isArray((issue as FieldProblem).path) &&
      typeof (issue as FieldProblem).message === 'string',
  );
}

/** Called before each request (ensure a fresh token) and on a 401 (refresh; true = retry once). */
export interface AuthHooks {
  beforeRequest(): Promise<void>;
  onUnauthorized(): Promise<boolean>;
}

let authHooks: AuthHooks | undefined;

/** The session feature registers itself here; lib stays below features. */
export function setAuthHooks(hooks: AuthHooks | undefined): void {
  authHooks = hooks;
}

/**
 * Refreshes the session through the registered hook (a 403 on the upload status call asks for
 * it, spec §4). Answers whether a fresh token is in place.
 */
export async function refreshSession(): Promise<boolean> {
  return (await authHooks?.onUnauthorized()) ?? false;
}

/** Makes sure the access token is not about to expire, for requests sent outside `requestJson`. */
export async function ensureFreshSession(): Promise<void> {
  await authHooks?.beforeRequest();
}

export const API_HEADERS = {
  accept: API_ACCEPT_HEADER_VALUE,
  [SYSTEM_ID_HEADER]: SYSTEM_ID,
} as const;

async function toApiError(response: Response, method: HttpMethod): Promise<ApiError> {
  let body: { message?: unknown; error?: unknown; issues?: unknown } | undefined;
  try {
    body = (await response.json()) as typeof body;
  } catch {
    body = undefined;
  }
  const message =
    typeof body?.message === 'string' && body.message ? body.message : getFailureMessage(method);
  const code = typeof body?.error === 'string' ? body.error : PUSH_FAILED_DEFAULT_CODE;
  return new ApiError(message, response.status, code, readIssues(body?.issues));
}

/** JSON request to the studio with the spec's headers, one refresh-and-retry on 401. */
export async function requestJson(
  method: HttpMethod,
  url: string,
  options: { body?: unknown; signal?: AbortSignal; isAuthCall?: boolean } = {},
): Promise<unknown> {
  // A Blob (a recording for speech2text) goes as itself, typed as it is; anything else as JSON.
  const isBlob = options.body instanceof Blob;
  const send = () =>
    fetch(url, {
      method,
      credentials: 'same-origin',
      headers: {
        ...API_HEADERS,
        ...(options.body === undefined
          ? {}
          : { 'content-type': isBlob ? (options.body as Blob).type : 'application/json' }),
      },
      ...(options.body === undefined
        ? {}
        : { body: isBlob ? (options.body as Blob) : JSON.stringify(options.body) }),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  if (!options.isAuthCall) {
    await authHooks?.beforeRequest();
  }
  let response: Response;
  try {
    response = await send();
    if (response.status === 401 && !options.isAuthCall && (await authHooks?.onUnauthorized())) {
      response = await send();
    }
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') {
      throw error;
    }
    throw new ApiError(getFailureMessage(method), 0, 'NETWORK_ERROR');
  }
  if (!response.ok) {
    throw await toApiError(response, method);
  }
  if (response.status === 204) {
    return undefined;
  }
  return response.json();
}

type Input<C extends Contract> = {
  params?: Record<string, string | number>;
  // The contract's schemas are optional properties, so strip `undefined` before asking.
  query?: NonNullable<C['query']> extends z.ZodType ? z.input<NonNullable<C['query']>> : never;
  body?: NonNullable<C['body']> extends z.ZodType ? z.input<NonNullable<C['body']>> : never;
  signal?: AbortSignal;
};

/** Calls an endpoint from its contract and validates the answer with the same schema the server used. */
export async function callContract<C extends Contract>(
  contract: C,
  input: Input<C> = {},
): Promise<z.infer<C['response']>> {
  let url = buildPath(contract.path, input.params);
  if (input.query) {
    const search = new URLSearchParams();
    const query: Record<string, unknown> = input.query;
    for (const [key, value] of Object.entries(query)) {
      if (
        (typeof value === 'string' && value !== '') ||
        typeof value === 'number' ||
        typeof value === 'boolean'
      ) {
        search.set(key, String(value));
      }
    }
    const text = search.toString();
    url = text ? `${url}?${text}` : url;
  }
  const data = await requestJson(contract.method, url, {
    ...(input.body === undefined ? {} : { body: input.body }),
    ...(input.signal ? { signal: input.signal } : {}),
  });
  return contract.response.parse(data) as z.infer<C['response']>;
}

/** What a screen says when a read fails without a message from the server. */
export const FETCH_FAILED = 'An error occurred while fetching the data.';

/** The server's message for a failed call, or the screen's own words for anything else. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}
