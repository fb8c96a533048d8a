import type { StoryfileDetail, StoryfileTopic } from '@conversa/contracts';
import { buildMember, buildNamespace } from './storyfile.fixtures.ts';
import { startTestStudio } from './studio.ts';

// A storyfile's checklist's tests (modules/storyfiles/checklist*.test.ts and the like): a studio
// with the namespace "checklists", its editor and reader, and topics and questions added by the
// editor.

export const base = (id: string) => `/v1/conversa/storyfiles/${id}`;

/** The checklist as [topic, position, ["position:question", ...]], in order. */
export const shape = (detail: StoryfileDetail) =>
  detail.topics.map((topic) => [
    topic.name,
    topic.position,
    topic.questions.map((question) => `${question.position}:${question.text}`),
  ]);

/** The studio, its namespace and members, and the checklist's builders bound to the editor. */
export type ChecklistKit = Awaited<ReturnType<typeof startChecklistStudio>>;

/** Starts a studio for a checklist test file (its beforeAll); the file stops `kit.studio`. */
export async function startChecklistStudio() {
  const studio = await startTestStudio();
  const namespaceId = await buildNamespace(studio, 'checklists');
  const [editor, reader] = await Promise.all([
    buildMember(studio, 'editor@checklists.test', { checklists: 'edit:ns' }),
    buildMember(studio, 'reader@checklists.test', { checklists: 'read:ns' }),
  ]);

  async function addTopic(storyfileId: string, name: string, extra: object = {}) {
    return editor.expectStatus<StoryfileTopic>(201, 'POST', `${base(storyfileId)}/topics`, {
      name,
      ...extra,
    });
  }

  async function addQuestion(
    storyfileId: string,
    topicId: string,
    text: string,
    extra: object = {},
  ) {
    return editor.expectStatus<{ id: string; position: number; alternates: string[] }>(
      201,
      'POST',
      `${base(storyfileId)}/questions`,
      { topicId, text, ...extra },
    );
  }

  const getDetail = async (id: string) =>
    editor.expectStatus<StoryfileDetail>(200, 'GET', base(id));

  return { studio, namespaceId, editor, reader, addTopic, addQuestion, getDetail };
}
