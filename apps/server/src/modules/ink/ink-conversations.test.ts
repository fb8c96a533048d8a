import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { InkVersion, PublicAskResponse } from '@conversa/contracts';
import { chatLogEntries, conversations } from '../conversations/conversations.tables.ts';
import { inkStoryVersions } from './ink.tables.ts';
import { startTestStudio, TestBrowser, type TestStudio } from '../../../test/studio.ts';
import { ApiClient, buildMember, buildNamespace } from '../../../test/storyfile.fixtures.ts';
import {
  seedStoryfileWithAnswers,
  type SeededStoryfile,
} from '../../../test/conversation.fixtures.ts';
import { askInStudio } from '../../../test/ask.fixtures.ts';
import { isSavedInkState, type SavedInkState } from './ink-conversation.ts';

let studio: TestStudio;
let editor: ApiClient;
let storyfile: SeededStoryfile;

const BORN = 'Where were you born?';
const JOB = 'What do you do for a living?';
const MOVIE = 'What is your favourite movie?';

function story(extraKnot = '') {
  return `Hello! # clip: intro
-> hub
== hub
Ask me about my childhood or my work.
* [Tell me about your childhood] -> childhood
* [Tell me about your work] -> work
== childhood
I was born far away. # answer: ${storyfile.questions[BORN]}
+ [Anything else?] -> hub
== work
# answer: ${storyfile.questions[JOB]}
-> END
${extraKnot}`;
}

async function saveAndPublish(source: string): Promise<InkVersion> {
  const version = await editor.expectStatus<InkVersion>(
    201,
    'POST',
    `/v1/conversa/storyfiles/${storyfile.id}/ink-story/versions`,
    { source },
  );
  expect(version.messages.filter((m) => m.severity === 'error')).toEqual([]);
  await editor.expectStatus(
    200,
    'POST',
    `/v1/conversa/storyfiles/${storyfile.id}/ink-story/versions/${version.number}/publish`,
  );
  return version;
}

function ask(body: Record<string, unknown>) {
  return askInStudio(editor, storyfile.id, body);
}

async function readSaved(conversationId: string): Promise<SavedInkState> {
  const [row] = await studio.database.db
    .select({ state: conversations.state })
    .from(conversations)
    .where(eq(conversations.id, conversationId));
  const saved = row?.state.ink;
  expect(isSavedInkState(saved)).toBe(true);
  return saved as SavedInkState;
}

beforeAll(async () => {
  studio = await startTestStudio();
  const namespaceId = await buildNamespace(studio, 'stories');
  editor = await buildMember(studio, 'editor@stories.test', { stories: 'owner:ns' });
  storyfile = await seedStoryfileWithAnswers(studio, editor, namespaceId);
});

afterAll(async () => {
  await studio?.stop();
});

describe('a published ink story drives conversations', () => {
  it('without a published story, asks work as before and carry no story', async () => {
    const answer = await ask({ text: MOVIE });
    expect(answer.decision).toEqual({ kind: 'answer', questionId: storyfile.questions[MOVIE] });
    expect(answer.story).toBeNull();
  });

  it('opens with the story, takes a branch by a paraphrase, saves and resumes its state', async () => {
    const version = await saveAndPublish(story());
    const opened = await ask({ text: '', start: true });
    expect(opened.decision).toEqual({ kind: 'story' });
    expect(opened.story).toMatchObject({
      versionNumber: version.number,
      turn: 'start',
      choices: [
        { index: 0, text: 'Tell me about your childhood' },
        { index: 1, text: 'Tell me about your work' },
      ],
    });
    expect(opened.story!.lines.map((line) => line.text)).toEqual([
      'Hello!',
      'Ask me about my childhood or my work.',
    ]);
    // The intro clip is recorded: its line plays it.
    expect(opened.story!.lines[0]!.media?.url).toBeTruthy();
    const conversationId = opened.conversationId;
    expect((await readSaved(conversationId)).versionNumber).toBe(version.number);

    // A paraphrase of the answer behind the branch ("What is your birthplace?" is an alternate).
    const took = await ask({ text: 'what is your birthplace', conversationId });
    expect(took.conversationId).toBe(conversationId);
    expect(took.decision).toEqual({ kind: 'story' });
    expect(took.story).toMatchObject({
      turn: 'choice',
      choiceText: 'Tell me about your childhood',
      choices: [{ text: 'Anything else?' }],
    });
    expect(took.questionText).toBe(BORN);
    expect(took.media?.url).toBeTruthy();
    expect(took.story!.lines).toHaveLength(1);
    expect(took.story!.lines[0]!.media?.url).toBe(took.media?.url);

    // A free question: the matcher answers and the story stays.
    const free = await ask({ text: MOVIE, conversationId });
    expect(free.decision).toEqual({ kind: 'answer', questionId: storyfile.questions[MOVIE] });
    expect(free.story).toMatchObject({ turn: 'free', choices: [{ text: 'Anything else?' }] });

    // Reload: opening again with the same conversation resumes where it was.
    const resumed = await ask({ text: '', start: true, conversationId });
    expect(resumed.conversationId).toBe(conversationId);
    expect(resumed.story).toMatchObject({
      turn: 'start',
      lines: [],
      choices: [{ text: 'Anything else?' }],
    });

    const saved = await readSaved(conversationId);
    expect(saved.turns.map((turn) => turn.kind)).toEqual(['start', 'choice', 'free']);
    expect(saved.choices).toEqual([{ index: 0, text: 'Anything else?' }]);

    const log = await studio.database.db
      .select({ inkTurn: chatLogEntries.inkTurn, inkChoiceText: chatLogEntries.inkChoiceText })
      .from(chatLogEntries)
      .where(eq(chatLogEntries.conversationId, conversationId))
      .orderBy(chatLogEntries.createdAt);
    expect(log).toEqual([
      { inkTurn: 'choice', inkChoiceText: 'Tell me about your childhood' },
      { inkTurn: 'free', inkChoiceText: null },
    ]);
  });

  it('a choice pressed by its index is taken as is', async () => {
    const opened = await ask({ text: '', start: true });
    const took = await ask({
      text: 'Tell me about your work',
      choiceIndex: 1,
      conversationId: opened.conversationId,
    });
    expect(took.story).toMatchObject({
      turn: 'choice',
      choiceText: 'Tell me about your work',
      hasEnded: true,
    });
    expect(took.questionText).toBe(JOB);
  });

  it('once the story has ended, Start opens a new conversation with the story from the top', async () => {
    await saveAndPublish(story());
    const opened = await ask({ text: '', start: true });
    const ended = await ask({
      text: 'Tell me about your work',
      choiceIndex: 1,
      conversationId: opened.conversationId,
    });
    expect(ended.story?.hasEnded).toBe(true);

    // A reload keeps the conversation id: Start again must greet and offer the choices again.
    const again = await ask({ text: '', start: true, conversationId: opened.conversationId });
    expect(again.conversationId).not.toBe(opened.conversationId);
    expect(again.story).toMatchObject({
      turn: 'start',
      hasEnded: false,
      choices: [
        { index: 0, text: 'Tell me about your childhood' },
        { index: 1, text: 'Tell me about your work' },
      ],
    });
    expect(again.story!.lines.map((line) => line.text)).toEqual([
      'Hello!',
      'Ask me about my childhood or my work.',
    ]);
    // A typed branch phrase is the story's again, not the free matcher's.
    const took = await ask({
      text: 'tell me about your childhood',
      conversationId: again.conversationId,
    });
    expect(took.story).toMatchObject({
      turn: 'choice',
      choiceText: 'Tell me about your childhood',
    });
    // The ended conversation keeps its own log.
    expect((await readSaved(opened.conversationId)).hasEnded).toBe(true);
  });

  it('the author starts the story from a knot or stitch in a new conversation; an unknown one is refused', async () => {
    await saveAndPublish(story('== extra\nExtra.\n-> END\n= inner\nInner words.\n-> END'));
    const opened = await ask({ text: '', start: true });
    const fromKnot = await ask({
      text: '',
      start: true,
      startPath: 'childhood',
      conversationId: opened.conversationId,
    });
    expect(fromKnot.conversationId).not.toBe(opened.conversationId);
    expect(fromKnot.story).toMatchObject({
      turn: 'start',
      lines: [{ text: 'I was born far away.' }],
      choices: [{ index: 0, text: 'Anything else?' }],
    });
    const saved = await readSaved(fromKnot.conversationId);
    expect(saved.turns).toMatchObject([{ kind: 'start', note: 'Started at "childhood".' }]);
    const fromStitch = await ask({ text: '', start: true, startPath: 'extra.inner' });
    expect(fromStitch.story?.lines.map((line) => line.text)).toEqual(['Inner words.']);

    const refused = await editor.post(`/v1/conversa/storyfiles/${storyfile.id}/ask`, {
      text: '',
      start: true,
      startPath: 'nowhere',
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      message: 'There is no knot or stitch "nowhere" in the published story.',
    });
  });

  it('a state saved under an older version that no longer fits restarts the story and says so', async () => {
    await saveAndPublish(story());
    const opened = await ask({ text: '', start: true });
    const conversationId = opened.conversationId;
    await ask({ text: 'Tell me about your childhood', conversationId });
    // The new version drops the childhood knot the conversation stands in.
    const next = await saveAndPublish(`Hello again! # clip: intro
* [Tell me about your work] -> work
== work
# answer: ${storyfile.questions[JOB]}
-> END
`);
    const after = await ask({ text: MOVIE, conversationId });
    expect(after.conversationId).toBe(conversationId);
    expect(after.story?.versionNumber).toBe(next.number);
    expect(after.story?.notice).toMatch(
      /^The story changed from version \d+ to \d+ and this conversation's place no longer fits .*: the story restarted\.$/,
    );
    expect(after.story?.choices).toEqual([{ index: 0, text: 'Tell me about your work' }]);
    const saved = await readSaved(conversationId);
    expect(saved.versionNumber).toBe(next.number);
    expect(saved.turns.map((turn) => turn.kind)).toEqual(['start', 'choice', 'restart', 'free']);
  });

  it('a story runtime error plays the cannot-answer clip, is logged, and never answers 5xx', async () => {
    // A loose end compiles (with a warning) and runs out of content: a runtime error.
    await saveAndPublish(`Pick one.
* [Divide] -> divide
== divide
Oops.
`);
    const opened = await ask({ text: '', start: true });
    const answer = await ask({ text: 'Divide', conversationId: opened.conversationId });
    expect(answer.decision).toEqual({ kind: 'story' });
    expect(answer.media?.url).toBeTruthy();
    expect(answer.story).toMatchObject({ lines: [], choices: [{ text: 'Divide' }] });
    const saved = await readSaved(opened.conversationId);
    expect(saved.turns.at(-1)).toMatchObject({ kind: 'error', choiceText: 'Divide' });
    const [entry] = await studio.database.db
      .select({ decision: chatLogEntries.decision, inkTurn: chatLogEntries.inkTurn })
      .from(chatLogEntries)
      .where(and(eq(chatLogEntries.conversationId, opened.conversationId)));
    expect(entry).toEqual({ decision: 'fallback', inkTurn: 'choice' });
  });

  it('the public player gets the story too', async () => {
    await saveAndPublish(story());
    await editor.expectStatus(200, 'POST', `/v1/conversa/storyfiles/${storyfile.id}/publish`);
    const publication = await editor.expectStatus<{ slug: string }>(
      200,
      'GET',
      `/v1/conversa/storyfiles/${storyfile.id}/publication`,
    );
    const visitor = new ApiClient(new TestBrowser(studio.baseUrl));
    const info = await visitor.get<{ hasStory: boolean }>(
      `/v1/conversa/public/storyfiles/${publication.slug}`,
    );
    expect(info.body.hasStory).toBe(true);
    const path = `/v1/conversa/public/storyfiles/${publication.slug}/ask`;
    const opened = await visitor.post<PublicAskResponse>(path, { text: '', start: true });
    expect(opened.status).toBe(200);
    const took = await visitor.post<PublicAskResponse>(path, {
      text: 'where were you born',
      conversationId: opened.body.conversationId,
    });
    expect(took.body.story).toMatchObject({
      turn: 'choice',
      choiceText: 'Tell me about your childhood',
    });
  });

  it('the published story is read once per version, and publishing another version is played at the next ask', async () => {
    const first = await saveAndPublish(story().replace('Hello!', 'Hello from the first version!'));
    const opened = await ask({ text: '', start: true });
    expect(opened.story!.lines[0]!.text).toBe('Hello from the first version!');
    // Behind the studio's back, the stored compiled story of that version changes: an ask that
    // still plays the first text did not read it again (a version's compiled JSON never changes).
    const second = await editor.expectStatus<InkVersion>(
      201,
      'POST',
      `/v1/conversa/storyfiles/${storyfile.id}/ink-story/versions`,
      { source: story().replace('Hello!', 'Hello from the second version!') },
    );
    await studio.database.db
      .update(inkStoryVersions)
      .set({ compiledJson: second.compiledJson })
      .where(eq(inkStoryVersions.id, first.id));
    const again = await ask({ text: '', start: true });
    expect(again.story!.lines[0]!.text).toBe('Hello from the first version!');
    // Publishing changes the version id every ask reads with the matcher's stamp: played at once.
    await editor.expectStatus(
      200,
      'POST',
      `/v1/conversa/storyfiles/${storyfile.id}/ink-story/versions/${second.number}/publish`,
    );
    const published = await ask({ text: '', start: true });
    expect(published.story).toMatchObject({ versionNumber: second.number });
    expect(published.story!.lines[0]!.text).toBe('Hello from the second version!');
  });

  it('a story unpublished after asks were answered stops driving the next ask at once', async () => {
    await saveAndPublish(story());
    const opened = await ask({ text: '', start: true });
    expect(opened.story).not.toBeNull();
    await editor.expectStatus(
      200,
      'POST',
      `/v1/conversa/storyfiles/${storyfile.id}/ink-story/unpublish`,
    );
    // The cached matcher learns of the unpublished story from its stamp read, not from a restart.
    const answer = await ask({ text: MOVIE, conversationId: opened.conversationId });
    expect(answer.decision).toEqual({ kind: 'answer', questionId: storyfile.questions[MOVIE] });
    expect(answer.story).toBeNull();
  });
});
