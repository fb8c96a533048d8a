// The data that the requests built from the OpenAPI document (openapi.fixtures.ts) aim at: one
// namespace seeded with one of everything, and the order of a run that keeps it alive.
import type { Operation, Targets } from './openapi.fixtures.ts';

/** One JSON call of a signed-in client: status and parsed body. */
export type JsonCall = (
  method: string,
  path: string,
  body?: unknown,
) => Promise<{ status: number; body: Record<string, unknown> }>;

/** A JsonCall over a signed-in TestBrowser-like client (cookie jar, x-system-id). */
export function jsonCallOf(browser: {
  api: (path: string, init?: RequestInit) => Promise<Response>;
}): JsonCall {
  return async (method, path, body) => {
    const response = await browser.api(path, {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: (text ? JSON.parse(text) : {}) as Record<string, unknown>,
    };
  };
}

async function expectCreated<T>(
  call: JsonCall,
  status: number,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const answer = await call(method, path, body);
  if (answer.status !== status) {
    throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return answer.body as T;
}

/**
 * Seeds a namespace with one of everything the operations aim at (storyfile with a checklist
 * topic and question, library topic and question, script, conversation, publication); every
 * name starts with `marker`. `call` must be an owner of the namespace.
 */
export async function seedTargets(
  call: JsonCall,
  namespaceId: string,
  marker: string,
): Promise<Targets> {
  const storyfile = await expectCreated<{ id: string }>(
    call,
    201,
    'POST',
    '/v1/conversa/storyfiles',
    {
      namespaceId,
      name: `${marker} storyfile`,
    },
  );
  const base = `/v1/conversa/storyfiles/${storyfile.id}`;
  const topic = await expectCreated<{ id: string }>(call, 201, 'POST', `${base}/topics`, {
    name: `${marker} checklist topic`,
  });
  const question = await expectCreated<{ id: string }>(call, 201, 'POST', `${base}/questions`, {
    topicId: topic.id,
    text: `${marker} checklist question?`,
  });
  const libraryTopic = await expectCreated<{ id: string }>(
    call,
    201,
    'POST',
    '/v1/conversa/topics',
    {
      namespaceId,
      name: `${marker} library topic`,
    },
  );
  const libraryQuestion = await expectCreated<{ id: string }>(
    call,
    201,
    'POST',
    '/v1/conversa/questions',
    { topicId: libraryTopic.id, text: `${marker} library question?` },
  );
  const script = await expectCreated<{ id: string; topics: { id: string }[] }>(
    call,
    201,
    'POST',
    '/v1/conversa/scripts',
    {
      namespaceId,
      name: `${marker} script`,
      topics: [{ name: `${marker} script topic`, questions: [{ text: `${marker} script q?` }] }],
    },
  );
  const asked = await expectCreated<{ conversationId: string }>(call, 200, 'POST', `${base}/ask`, {
    text: `${marker} asked question?`,
  });
  const publication = await expectCreated<{ slug: string }>(call, 200, 'POST', `${base}/publish`);
  return {
    namespaceId,
    storyfileId: storyfile.id,
    checklistTopicId: topic.id,
    checklistQuestionId: question.id,
    libraryTopicId: libraryTopic.id,
    libraryQuestionId: libraryQuestion.id,
    scriptId: script.id,
    scriptTopicId: script.topics[0]!.id,
    conversationId: asked.conversationId,
    slug: publication.slug,
  };
}

/** Reads first, writes next, deletions after, signing out last: the seeded data lasts. */
export function orderForRun(operations: Operation[]): Operation[] {
  const rank = (operation: Operation) =>
    operation.path === '/api/auth/logout' || operation.path === '/api/refresh_token'
      ? 4
      : ({ GET: 0, POST: 1, PUT: 1, PATCH: 1, DELETE: 2 } as const)[operation.method];
  return [...operations].sort((a, b) => rank(a) - rank(b));
}
