import type { LibraryQuestion } from '@conversa/contracts';
import { buildMember, buildNamespace } from './storyfile.fixtures.ts';
import { startTestStudio } from './studio.ts';

// The question library's tests (modules/library/*.test.ts): a studio with two namespaces, east
// (a reader, an editor and an owner) and west (its owner), and library topics and questions.

export interface TopicAnswer {
  id: string;
  name: string;
  questionCount: number;
}

/** The studio, its namespaces and members, and the builders bound to east's editor. */
export type LibraryKit = Awaited<ReturnType<typeof startLibraryStudio>>;

/** Starts a studio for a library test file (its beforeAll); the file stops `kit.studio`. */
export async function startLibraryStudio() {
  const studio = await startTestStudio();
  const eastId = await buildNamespace(studio, 'east');
  const westId = await buildNamespace(studio, 'west');
  const [reader, editor, owner, westOwner] = await Promise.all([
    buildMember(studio, 'reader@east.test', { east: 'read:ns' }),
    buildMember(studio, 'editor@east.test', { east: 'edit:ns' }),
    buildMember(studio, 'owner@east.test', { east: 'owner:ns' }),
    buildMember(studio, 'owner@west.test', { west: 'owner:ns' }),
  ]);

  async function buildTopic(name: string, namespaceId = eastId, client = editor) {
    return client.expectStatus<TopicAnswer>(201, 'POST', '/v1/conversa/topics', {
      namespaceId,
      name,
    });
  }

  async function buildQuestion(
    topicId: string,
    text: string,
    alternates: string[] = [],
    client = editor,
  ) {
    return client.expectStatus<LibraryQuestion>(201, 'POST', '/v1/conversa/questions', {
      topicId,
      text,
      alternates,
    });
  }

  return { studio, eastId, westId, reader, editor, owner, westOwner, buildTopic, buildQuestion };
}
