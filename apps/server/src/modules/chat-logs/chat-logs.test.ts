import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_ASK_TEXT_LENGTH,
  outcomeOf,
  type ChatLogPage,
  type DashboardFigures,
} from '@conversa/contracts';
import { normalizeText } from '@conversa/matching';
import { startTestStudio, type TestStudio } from '../../../test/studio.ts';
import { buildMember, buildNamespace, type ApiClient } from '../../../test/storyfile.fixtures.ts';
import {
  seedStoryfileWithAnswers,
  type SeededStoryfile,
} from '../../../test/conversation.fixtures.ts';
import { askInStudio } from '../../../test/ask.fixtures.ts';
import { NEAR_TIE_QUESTION } from '../../../test/training.fixtures.ts';
import { mediaAssets } from '../media/media.tables.ts';
import { videoTranscripts } from '../transcripts/transcripts.tables.ts';
import { sqlNormalizedText } from './question-key.ts';

let studio: TestStudio;
let owner: ApiClient;
let outsider: ApiClient;
let north: SeededStoryfile;

const LIST = '/v1/conversa/chat-logs';

beforeAll(async () => {
  studio = await startTestStudio();
  const [northId, southId] = await Promise.all([
    buildNamespace(studio, 'north'),
    buildNamespace(studio, 'south'),
  ]);
  owner = await buildMember(studio, 'owner@north.test', { north: 'owner:ns' });
  outsider = await buildMember(studio, 'owner@south.test', { south: 'owner:ns' });
  north = await seedStoryfileWithAnswers(studio, owner, northId);
  const south = await seedStoryfileWithAnswers(studio, outsider, southId);
  const ask = (client: ApiClient, storyfileId: string, text: string) =>
    askInStudio(client, storyfileId, { text });
  for (const text of [
    'Zxqv plorth?',
    'zxqv   PLORTH',
    'What’s a zxqv plorth?',
    'Where were you born?',
    'Zxqv plorth and more',
    'WHAT R U working on in the LAB rn!!',
    'Do you like working late?',
  ]) {
    await ask(owner, north.id, text);
  }
  await ask(outsider, south.id, 'Zxqv plorth?');
});

afterAll(async () => {
  await studio?.stop();
});

// Issue 15, defect 10: the dashboard's fallen-back questions all led to every fallback.
describe('chat log question filter', () => {
  it('folds text in SQL exactly as normalizeText does (the dashboard groups by it)', async () => {
    const samples = [
      'Zxqv plorth?',
      '  WHERE were   you born ?! ',
      'What’s your name?',
      "I can't, won't, shan't; let's go, y'all",
      "You're, I'm, we'll, they've, she'd, it's, Grandma's",
      'Café crème — naïve “quotes”',
      'under_score and 42 numbers',
      '¿Qué tal?',
      '!!!',
    ];
    const { rows } = await studio.database.db.execute<{ input: string; key: string }>(
      sql`select input, ${sqlNormalizedText(sql.raw('input'))} as key from jsonb_array_elements_text(${JSON.stringify(samples)}::jsonb) as input`,
    );
    expect(rows.map((row) => [row.input, row.key])).toEqual(
      samples.map((sample) => [sample, normalizeText(sample)]),
    );
  });

  it('finds the exchanges of one question however it was typed, in the caller’s namespaces', async () => {
    const page = await owner.expectStatus<ChatLogPage>(
      200,
      'GET',
      `${LIST}?question=${encodeURIComponent('ZXQV plorth!')}`,
    );
    expect(page.total).toBe(2);
    expect(page.items.map((item) => item.questionText).sort()).toEqual([
      'Zxqv plorth?',
      'zxqv   PLORTH',
    ]);
    const contraction = await owner.expectStatus<ChatLogPage>(
      200,
      'GET',
      `${LIST}?question=${encodeURIComponent("what's a zxqv plorth")}&storyfileId=${north.id}`,
    );
    expect(contraction.items.map((item) => item.questionText)).toEqual(['What’s a zxqv plorth?']);
    const south = await outsider.expectStatus<ChatLogPage>(
      200,
      'GET',
      `${LIST}?question=zxqv+plorth`,
    );
    expect(south.total).toBe(1);
  });

  it('finds exactly what the dashboard counted for a fallen-back question', async () => {
    const figures = await owner.expectStatus<DashboardFigures>(
      200,
      'GET',
      '/v1/conversa/dashboard/figures',
    );
    expect(figures.topFallbackQuestions.length).toBeGreaterThan(0);
    for (const question of figures.topFallbackQuestions) {
      const page = await owner.expectStatus<ChatLogPage>(
        200,
        'GET',
        `${LIST}?decision=fallback&question=${encodeURIComponent(question.text)}`,
      );
      expect([question.text, page.total]).toEqual([question.text, question.count]);
    }
  });

  it('refuses an empty question with a sentence', async () => {
    const answer = await owner.get(`${LIST}?question=%20%20`);
    expect(answer).toMatchObject({
      status: 400,
      body: { message: 'Type the question to look for.' },
    });
  });
});

// Issue 68, item 5: a question asked back was one more "Fallback" of the log.
describe('chat log outcome filter', () => {
  it('tells answered, asked back and fallback apart, and the three make up the whole log', async () => {
    const near = await askInStudio(owner, north.id, { text: NEAR_TIE_QUESTION });
    expect(near.clarification).toBe('did-you-mean');
    const listed = async (query: string) =>
      (await owner.expectStatus<ChatLogPage>(200, 'GET', `${LIST}?storyfileId=${north.id}${query}`))
        .items;
    const askedBack = await listed('&decision=asked-back');
    expect(askedBack.map((item) => item.questionText)).toContain(NEAR_TIE_QUESTION);
    expect(new Set(askedBack.map(outcomeOf))).toEqual(new Set(['asked-back']));
    expect(askedBack.every((item) => item.decision === 'fallback')).toBe(true);
    const fellBack = await listed('&decision=fallback');
    expect(fellBack.map((item) => item.questionText)).not.toContain(NEAR_TIE_QUESTION);
    expect(fellBack.length).toBeGreaterThan(0);
    expect(new Set(fellBack.map(outcomeOf))).toEqual(new Set(['fallback']));
    const answered = await listed('&decision=answered');
    expect(new Set(answered.map(outcomeOf))).toEqual(new Set(['answered']));
    expect(askedBack.length + fellBack.length + answered.length).toBe((await listed('')).length);
  });
});

// Issue 32, item 3: "working" found 0, and only the whole question found the exchange.
describe('chat log word search (spec §5: all terms must appear in the text, case-insensitively)', () => {
  const search = async (words: string, client: ApiClient = owner) =>
    (
      await client.expectStatus<ChatLogPage>(
        200,
        'GET',
        `${LIST}?words=${encodeURIComponent(words)}`,
      )
    ).items
      .map((item) => item.questionText)
      .sort();

  it('finds the questions that contain every word, whatever their case, punctuation and order', async () => {
    expect(await search('working')).toEqual([
      'Do you like working late?',
      'WHAT R U working on in the LAB rn!!',
    ]);
    expect(await search('what r u working on in the lab')).toEqual([
      'WHAT R U working on in the LAB rn!!',
    ]);
    expect(await search('LAB, Working!')).toEqual(['WHAT R U working on in the LAB rn!!']);
    expect(await search('working zebra')).toEqual([]);
    // A word is found inside a longer one ("work" in "working"), as the match rule says.
    expect(await search('work late')).toEqual(['Do you like working late?']);
  });

  it('takes a quoted phrase as one term, and folds contractions and accents as the question is', async () => {
    expect(await search('"in the lab"')).toEqual(['WHAT R U working on in the LAB rn!!']);
    expect(await search('"the in lab"')).toEqual([]);
    expect(await search("what's plorth")).toEqual(['What’s a zxqv plorth?']);
  });

  it('keeps to the caller’s namespaces and composes with the other filters', async () => {
    expect(await search('plorth', outsider)).toEqual(['Zxqv plorth?']);
    const page = await owner.expectStatus<ChatLogPage>(
      200,
      'GET',
      `${LIST}?words=plorth&question=${encodeURIComponent('zxqv plorth')}`,
    );
    expect(page.total).toBe(2);
  });

  it('lists everything for words that fold to nothing, and refuses words past the limit', async () => {
    const all = await owner.expectStatus<ChatLogPage>(200, 'GET', LIST);
    const punctuation = await owner.expectStatus<ChatLogPage>(200, 'GET', `${LIST}?words=%21%3F`);
    expect(punctuation.total).toBe(all.total);
    const answer = await owner.get(`${LIST}?words=${'a'.repeat(MAX_ASK_TEXT_LENGTH + 1)}`);
    expect(answer.status).toBe(400);
  });
});

// Issue 41, item 5: the chat log's word search can search what was said in the answer.
describe('chat log search of what was said (spec §5 search match over the answer’s transcript)', () => {
  const searchSaid = async (query: string, client: ApiClient = owner) =>
    (await client.expectStatus<ChatLogPage>(200, 'GET', `${LIST}?${query}`)).items
      .map((item) => item.questionText)
      .sort();

  beforeAll(async () => {
    const { db } = studio.database;
    const videoOf = async (questionId: string | undefined) => {
      const [asset] = await db
        .select({ id: mediaAssets.id })
        .from(mediaAssets)
        .where(eq(mediaAssets.storyfileQuestionId, questionId!));
      return asset!.id;
    };
    // The recovery round may have given the videos a pending row already: the drafts replace it.
    const writeTranscript = async (questionText: string, text: string) => {
      const row = {
        assetId: await videoOf(north.questions[questionText]),
        storyfileId: north.id,
        status: 'draft' as const,
        text,
      };
      await db
        .insert(videoTranscripts)
        .values(row)
        .onConflictDoUpdate({
          target: videoTranscripts.assetId,
          set: { status: row.status, text: row.text },
        });
    };
    await writeTranscript(
      'Where were you born?',
      'I was born in Lagos, Nigeria, in a small hospital near the LAGOON.',
    );
    await writeTranscript(
      'What is your favourite movie?',
      'Probably a film about Lagos in the seventies.',
    );
  });

  it('finds the exchanges whose answer says every word or quoted phrase, case aside', async () => {
    expect(await searchSaid('said=lagos')).toEqual(['Where were you born?']);
    expect(await searchSaid(`said=${encodeURIComponent('"small hospital" NIGERIA')}`)).toEqual([
      'Where were you born?',
    ]);
    expect(await searchSaid(`said=${encodeURIComponent('"hospital small"')}`)).toEqual([]);
    expect(await searchSaid('said=lagoon%20zebra')).toEqual([]);
    // What was asked is not what was said: the question's words are not in the transcript.
    expect(await searchSaid('said=plorth')).toEqual([]);
  });

  it('leaves the word search on the question and composes with it', async () => {
    expect(await searchSaid('words=born')).toEqual(['Where were you born?']);
    expect(await searchSaid('words=lagos')).toEqual([]);
    expect(await searchSaid('words=born&said=lagos')).toEqual(['Where were you born?']);
    expect(await searchSaid('words=plorth&said=lagos')).toEqual([]);
    const all = await owner.expectStatus<ChatLogPage>(200, 'GET', LIST);
    const blank = await owner.expectStatus<ChatLogPage>(200, 'GET', `${LIST}?said=%20`);
    expect(blank.total).toBe(all.total);
  });

  it('keeps to the caller’s namespaces and refuses words past the limit', async () => {
    expect(await searchSaid('said=lagos', outsider)).toEqual([]);
    const answer = await owner.get(`${LIST}?said=${'a'.repeat(MAX_ASK_TEXT_LENGTH + 1)}`);
    expect(answer.status).toBe(400);
  });
});
