import { expect, type Page } from '@playwright/test';
import { E2E } from './env';

/** Headers the studio's web client sends on gateway calls (the system id is its CSRF check). */
export const WRITE_HEADERS = { 'x-system-id': 'conversa-studio-web', accept: 'application/json' };

/** A short random suffix that keeps names unique across tests of one run. */
export function makeSuffix(): string {
  return Math.random().toString(36).slice(2, 8);
}

/** The id of a namespace of the signed-in user, by label (default: the plain `acme`). */
export async function getNamespaceId(
  page: Page,
  label: string = E2E.namespaces.plain.label,
): Promise<string> {
  const response = await page.request.get('/v1/conversa/auth/me', { headers: WRITE_HEADERS });
  expect(response.ok()).toBe(true);
  const me = (await response.json()) as { namespaces: { id: string; label: string }[] };
  const namespace = me.namespaces.find((item) => item.label === label);
  expect(namespace, `namespace ${label}`).toBeDefined();
  return namespace!.id;
}

export type SeededQuestion = { id: string; text: string };
export type SeededStoryfile = {
  id: string;
  name: string;
  topics: { id: string; name: string; questions: SeededQuestion[] }[];
};

/**
 * Creates a storyfile in one of the signed-in user's namespaces (default: `acme`) through the
 * API, with the given topics and questions (alternates optional), and answers it with the ids.
 */
export async function seedStoryfile(
  page: Page,
  name: string,
  topics: { name: string; questions: (string | { text: string; alternates: string[] })[] }[] = [],
  namespaceLabel: string = E2E.namespaces.plain.label,
): Promise<SeededStoryfile> {
  const created = await page.request.post('/v1/conversa/storyfiles', {
    headers: WRITE_HEADERS,
    data: { namespaceId: await getNamespaceId(page, namespaceLabel), name },
  });
  expect(created.status(), await created.text()).toBe(201);
  const storyfile = (await created.json()) as { id: string; name: string };
  const seeded: SeededStoryfile = { id: storyfile.id, name: storyfile.name, topics: [] };
  for (const topic of topics) {
    const topicResponse = await page.request.post(
      `/v1/conversa/storyfiles/${storyfile.id}/topics`,
      { headers: WRITE_HEADERS, data: { name: topic.name } },
    );
    expect(topicResponse.status(), await topicResponse.text()).toBe(201);
    const { id: topicId } = (await topicResponse.json()) as { id: string };
    const questions: SeededQuestion[] = [];
    for (const question of topic.questions) {
      const data =
        typeof question === 'string'
          ? { topicId, text: question }
          : { topicId, text: question.text, alternates: question.alternates };
      const response = await page.request.post(
        `/v1/conversa/storyfiles/${storyfile.id}/questions`,
        { headers: WRITE_HEADERS, data },
      );
      expect(response.status(), await response.text()).toBe(201);
      const { id } = (await response.json()) as { id: string };
      questions.push({ id, text: data.text });
    }
    seeded.topics.push({ id: topicId, name: topic.name, questions });
  }
  return seeded;
}
