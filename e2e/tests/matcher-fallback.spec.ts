import { expect, test, type Page } from '@playwright/test';
import { makeSuffix, seedStoryfile, WRITE_HEADERS } from '../support/api';
import { signIn } from '../support/auth';
import { E2E } from '../support/env';
import { makeTestVideo, uploadVideo, waitForProcessed } from '../support/media';
import { keepScreenshot } from '../support/screenshots';
import { ask as askInTab } from '../support/training';

// Issue 13 as a new author meets it: a storyfile of about 20 recorded questions, the default
// (automatic) threshold, and questions it has no answer for.

/** A retired farmer's script: 20 recorded questions, none about age, colours or capitals. */
const RECORDED: { text: string; alternates: string[] }[] = [
  {
    text: 'Where did you grow up?',
    alternates: ['Were you raised on a farm?', 'What was your childhood home like?'],
  },
  {
    text: 'When did you buy the farm?',
    alternates: ['How did you come to own the farm?', 'Was the farm in your family?'],
  },
  {
    text: 'What crops did you grow?',
    alternates: ['What did you plant in the fields?', 'Did you grow wheat or corn?'],
  },
  {
    text: 'What is your favourite animal on the farm?',
    alternates: ['Which farm animal did you like best?', 'Did you have a favourite cow?'],
  },
  {
    text: 'What was a typical day like on the farm?',
    alternates: ['What time did you get up in the morning?', 'Describe your daily chores'],
  },
  {
    text: 'What was the hardest year on the farm?',
    alternates: ['Did you ever lose a harvest?', 'Tell me about the drought'],
  },
  {
    text: 'How did the weather affect your work?',
    alternates: ['Were you afraid of storms?', 'How did you cope with frost and hail?'],
  },
  {
    text: 'What was your first tractor?',
    alternates: ['Did you work with horses before tractors?', 'Tell me about your machinery'],
  },
  {
    text: 'Did you keep dairy cows?',
    alternates: ['How many cows did you milk?', 'What did you do with the milk?'],
  },
  {
    text: 'Where did you sell your produce?',
    alternates: ['Did you go to the farmers market?', 'Who bought your vegetables?'],
  },
  {
    text: 'How did you meet your wife?',
    alternates: ['Tell me about your marriage', 'Did your wife work on the farm too?'],
  },
  {
    text: 'Did your children help on the farm?',
    alternates: ['Do your kids want to be farmers?', 'What chores did your children do?'],
  },
  {
    text: 'What were your neighbours like?',
    alternates: ['Did the village help each other at harvest?', 'Was there a strong community?'],
  },
  {
    text: 'Did you go to agricultural school?',
    alternates: ['Where did you learn to farm?', 'Who taught you about the land?'],
  },
  {
    text: 'How has farming changed since you started?',
    alternates: ['What is different about farming today?', 'Is modern farming better?'],
  },
  {
    text: 'What do you think about organic farming?',
    alternates: ['Did you ever use pesticides?', 'Should farmers stop using chemicals?'],
  },
  {
    text: 'Did you ever take a holiday?',
    alternates: ['Could you leave the animals to go on vacation?', 'When did you rest?'],
  },
  {
    text: 'What did you eat on the farm?',
    alternates: ['Did you grow your own food?', 'What was your favourite meal after the harvest?'],
  },
  {
    text: 'Did you have a sheepdog?',
    alternates: ['Tell me about your dog', 'How did the dog help with the sheep?'],
  },
  {
    text: 'What are you proudest of?',
    alternates: ['What was your greatest achievement on the farm?'],
  },
];
const UNRECORDED = {
  text: 'Do you have grandchildren?',
  alternates: ['Tell me about your grandchildren'],
};
const TRACTOR = 'What was your first tractor?';
const PARAPHRASE = 'what kind of tractor did you first own';
/** The off-topic questions. */
const OFF_TOPIC = ['How old are you?', 'What is the capital of the farm?'];
/**
 * Off topic, but close to a recorded question: asked back (issue 50), never played, and no clip.
 */
const CLOSE_OFF_TOPIC = 'What is your favourite colour?';
const ANIMAL = 'What is your favourite animal on the farm?';
const ONLY_UNRECORDED_MATCH = 'How many grandchildren do you have?';

type AskReply = {
  decision: { kind: string; reason?: string; questionId?: string };
  media: { url: string } | null;
  clarification: string | null;
  suggestions: { questionId: string; questionText: string }[];
};
const ask = (page: Page, name: string, text: string) => askInTab<AskReply>(page, name, text);
type VideoRow = { id: string; questionId: string | null; clipKind: string | null };
/** What the test reads of the page (this project's e2e types have no DOM library). */
type PlayRecord = {
  __plays: string[];
  document: {
    addEventListener(
      type: string,
      listener: (event: { target: { currentSrc: string } }) => void,
      capture: boolean,
    ): void;
  };
};

/**
 * Records every video the page starts playing (its signed URL), in order. Polling the speaking
 * video's time missed a 1-s answer on a loaded machine: it had played and ended between two polls,
 * twice in three full runs.
 */
async function recordPlays(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const page = globalThis as unknown as PlayRecord;
    page.__plays = [];
    // Media events do not bubble; a capturing listener on the document still hears every one.
    page.document.addEventListener(
      'playing',
      (event) => page.__plays.push(event.target.currentSrc),
      true,
    );
  });
}

/** How many plays the page has recorded so far. */
async function countPlays(page: Page): Promise<number> {
  return page.evaluate(() => (globalThis as unknown as PlayRecord).__plays.length);
}

/** Waits until the page starts playing `videoId` (its signed URL names it) after play `after`. */
async function waitForSpeaking(page: Page, videoId: string, after: number): Promise<void> {
  await page.waitForFunction(
    ({ id, from }) =>
      (globalThis as unknown as PlayRecord).__plays
        .slice(from)
        .some((src) => src.includes(`/media/${id}/`)),
    { id: videoId, from: after },
    { timeout: 20_000, polling: 100 },
  );
}

test('a 20-question storyfile answers a paraphrase and plays the cannot-answer clip off topic and for an unrecorded match', async ({
  page,
}) => {
  test.setTimeout(420_000);
  await recordPlays(page);
  await signIn(page, E2E.users.owner);
  const name = `Farmer Joe ${makeSuffix()}`;
  const seeded = await seedStoryfile(page, name, [
    { name: 'The farm', questions: [...RECORDED, UNRECORDED] },
  ]);
  const questions = seeded.topics[0]!.questions;
  const idOf = (text: string) => questions.find((question) => question.text === text)!.id;

  // Uploaded first, then awaited together: processing overlaps the uploads.
  const answerVideo = makeTestVideo({ frequency: 440, seconds: 1 });
  const uploadIds: string[] = [];
  for (const question of RECORDED) {
    uploadIds.push(
      await uploadVideo(page, seeded.id, { questionId: idOf(question.text) }, answerVideo),
    );
  }
  uploadIds.push(
    await uploadVideo(
      page,
      seeded.id,
      { clipKind: 'cannotAnswer' },
      makeTestVideo({ frequency: 880, seconds: 2 }),
    ),
  );
  for (const uploadId of uploadIds) {
    await waitForProcessed(page, uploadId);
  }
  const listed = await page.request.get(`/v1/conversa/storyfiles/${seeded.id}/videos`, {
    headers: WRITE_HEADERS,
  });
  const videos = ((await listed.json()) as { videos: VideoRow[] }).videos;
  const cannotAnswerVideo = videos.find((video) => video.clipKind === 'cannotAnswer')!.id;
  const tractorVideo = videos.find((video) => video.questionId === idOf(TRACTOR))!.id;
  expect(videos.filter((video) => video.questionId !== null)).toHaveLength(RECORDED.length);

  await page.goto(`/storyfiles/${seeded.id}?tab=interact`);
  await page.getByRole('button', { name: 'Start the conversation' }).click();
  const why = page.getByRole('region', { name: 'Why this answer' });
  const transcript = page.getByRole('region', { name: 'Transcript' });

  // A paraphrase (neither the question nor an alternate) gets its recorded answer.
  const playsBeforeAnswer = await countPlays(page);
  const answered = await ask(page, name, PARAPHRASE);
  expect(answered.decision).toEqual({ kind: 'answer', questionId: idOf(TRACTOR) });
  expect(answered.media!.url).toContain(`/media/${tractorVideo}/`);
  await waitForSpeaking(page, tractorVideo, playsBeforeAnswer);
  await expect(why.getByText('Answered', { exact: true })).toBeVisible();
  await expect(why.getByRole('link', { name: TRACTOR })).toBeVisible();
  await expect(transcript.getByText(`Answered: ${TRACTOR}`)).toBeVisible();

  // Off-topic questions get the cannot-answer clip, never an unrelated recorded answer.
  for (const [index, question] of OFF_TOPIC.entries()) {
    const playsBefore = await countPlays(page);
    const reply = await ask(page, name, question);
    expect(reply.decision, question).toEqual({ kind: 'fallback', reason: 'off-topic' });
    expect(reply.media!.url).toContain(`/media/${cannotAnswerVideo}/`);
    await waitForSpeaking(page, cannotAnswerVideo, playsBefore);
    await expect(transcript.getByText(question)).toBeVisible();
    await expect(transcript.getByText("Couldn't answer that one.")).toHaveCount(index + 1);
    await expect(why.getByText('Cannot answer (below the threshold)')).toBeVisible();
  }

  // Off topic but close to a recorded question: "Did you mean…?", nothing played.
  const close = await ask(page, name, CLOSE_OFF_TOPIC);
  expect(close.decision).toEqual({ kind: 'fallback', reason: 'off-topic' });
  expect(close.media).toBeNull();
  expect(close.clarification).toBe('did-you-mean');
  expect(close.suggestions.map((suggestion) => suggestion.questionText)).toEqual([ANIMAL]);
  await expect(
    page.getByRole('region', { name: 'Did you mean…?' }).getByRole('button', { name: ANIMAL }),
  ).toBeVisible();

  // The only question that fits has no video: the cannot-answer clip, and "why" names it.
  const unrecorded = await ask(page, name, ONLY_UNRECORDED_MATCH);
  expect(unrecorded.decision).toEqual({
    kind: 'fallback',
    reason: 'not-recorded',
    questionId: idOf(UNRECORDED.text),
  });
  expect(unrecorded.media!.url).toContain(`/media/${cannotAnswerVideo}/`);
  // Three cannot-answer clips (two off topic, one not recorded); the close one was asked back.
  await expect(transcript.getByText("Couldn't answer that one.")).toHaveCount(3);
  await expect(transcript.getByText('Asked which question you meant.')).toHaveCount(1);
  await expect(why.getByText('Cannot answer (best match not recorded)')).toBeVisible();
  await expect(why.getByText('Matched question')).toBeVisible();
  await expect(why.getByRole('link', { name: UNRECORDED.text })).toHaveAttribute(
    'href',
    `/storyfiles/${seeded.id}#question-${idOf(UNRECORDED.text)}`,
  );
  await expect(why.getByText('Not recorded', { exact: true })).toBeVisible();
  await expect(
    why.getByRole('list', { name: 'Matched terms' }).getByText('grandchildren'),
  ).toBeVisible();
  await keepScreenshot(page, { path: 'test-results/matcher-fallback/interact-not-recorded.png' });

  // The chat log keeps the reason and the question to record next.
  await page.goto(`/training/chat_logs?storyfileId=${seeded.id}`);
  const logRow = (question: string) =>
    page.getByRole('row').filter({ has: page.getByRole('button', { name: question }) });
  await expect(logRow(ONLY_UNRECORDED_MATCH)).toContainText(
    `Best match not recorded: “${UNRECORDED.text}”`,
  );
  for (const question of OFF_TOPIC) {
    await expect(logRow(question)).toContainText('No answer close enough');
  }
  // Issue 68, item 5: the one asked back is its own outcome, not "No answer close enough".
  await expect(logRow(CLOSE_OFF_TOPIC)).toContainText('Asked back');
  await expect(logRow(CLOSE_OFF_TOPIC)).toContainText('Not sure enough to play an answer');
  await expect(logRow(PARAPHRASE)).toContainText(TRACTOR);
});
