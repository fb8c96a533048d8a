import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CALIBRATION_CURVE_STEP,
  CATEGORY_CSV_NOTHING_IMPORTED,
  COVERAGE_DAYS,
  describeAppliedEffect,
  MIN_CALIBRATION_REVIEWED,
  type AskResponse,
  type CategoryCsv,
  type CategoryImportPreview,
  type CategoryPage,
  type CoverageHistory,
  type ImportedCategories,
  type ReviewItemPage,
  type SpeechHints,
  type ThresholdCalibration,
  type WordSuggestionList,
} from '@conversa/contracts';
import { calibrateThreshold, type CalibrationSample } from '@conversa/matching';
import { startTestStudio, type TestStudio } from '../../../test/studio.ts';
import { buildMember, buildNamespace, type ApiClient } from '../../../test/storyfile.fixtures.ts';
import { seedStoryfileWithAnswers } from '../../../test/conversation.fixtures.ts';

let studio: TestStudio;
let editor: ApiClient;
let reader: ApiClient;
let outsider: ApiClient;
let eastId: string;

const BORN = 'Where were you born?';
const MOVIE = 'What is your favourite movie?';
/** Shares only "what is your favourite" with the movie answer until "motion picture" folds. */
const MOTION_PICTURE_QUESTION = 'what is your favourite motion picture';

async function ask(client: ApiClient, storyfileId: string, text: string, spoken = false) {
  return client.expectStatus<AskResponse & { exchangeId: string }>(
    200,
    'POST',
    `/v1/conversa/storyfiles/${storyfileId}/ask`,
    { text, ...(spoken ? { inputMode: 'spoken' } : {}) },
  );
}

const base = (storyfileId: string) => `/v1/conversa/storyfiles/${storyfileId}/training`;

beforeAll(async () => {
  studio = await startTestStudio();
  eastId = await buildNamespace(studio, 'east');
  await buildNamespace(studio, 'west');
  editor = await buildMember(studio, 'editor@east.test', { east: 'edit:ns' });
  reader = await buildMember(studio, 'reader@east.test', { east: 'read:ns' });
  outsider = await buildMember(studio, 'owner@west.test', { west: 'owner:ns' });
});

afterAll(async () => {
  await studio?.stop();
});

describe('calibrated threshold', () => {
  it('is offered once enough exchanges are reviewed, is what calibrateThreshold chooses from their logged scores, and can be set', async () => {
    const storyfile = await seedStoryfileWithAnswers(studio, editor, eastId);
    const outOfScope = [
      'what is the capital of peru',
      'can you book me a taxi',
      'how many moons has jupiter',
      'what is the square root of nine',
      'do you sell insurance',
      'who won the world cup',
      'what is the weather tomorrow',
      'recommend a good laptop',
    ];
    const inScope: [string, string][] = [
      ['where were you born', BORN],
      ['in which town were you born', BORN],
      ['what place were you born in', BORN],
      ['tell me where you were born', BORN],
      ['what is your birthplace town', BORN],
      ['which movie do you like best', MOVIE],
      ['what film do you love', MOVIE],
      ['your favourite movie please', MOVIE],
      ['what movie is your favourite', MOVIE],
      ['which film do you love most of all', MOVIE],
      ['name your favourite movie', MOVIE],
      ['what is the best film you saw', MOVIE],
    ];
    const oosIds = [];
    for (const text of outOfScope) {
      oosIds.push((await ask(editor, storyfile.id, text)).exchangeId);
    }
    const byAnswer = new Map<string, string[]>();
    for (const [text, answer] of inScope) {
      const { exchangeId } = await ask(editor, storyfile.id, text);
      byAnswer.set(answer, [...(byAnswer.get(answer) ?? []), exchangeId]);
    }

    // Before review: nothing to calibrate from, so no offer.
    const before = await reader.expectStatus<ThresholdCalibration>(
      200,
      'GET',
      `${base(storyfile.id)}/calibration`,
    );
    expect(before).toMatchObject({ reviewedCount: 0, isReady: false, suggested: null });
    expect(before.curve).toHaveLength(Math.round(1 / CALIBRATION_CURVE_STEP) + 1);

    // The samples as the inbox logged them, before the corrections change the script.
    const logged = await reader.expectStatus<ReviewItemPage>(
      200,
      'GET',
      `/v1/conversa/training/review-items?storyfileId=${storyfile.id}&pageSize=100`,
    );
    const expectedSamples: CalibrationSample[] = logged.items.map((item) => {
      const top = item.topCandidates[0];
      const answer = inScope.find(([text]) => text === item.questionText)?.[1];
      return {
        score: top?.score ?? 0,
        isOutOfScope: answer === undefined,
        isTopCorrect: answer !== undefined && top?.questionId === storyfile.questions[answer],
      };
    });

    await editor.expectStatus(201, 'POST', `${base(storyfile.id)}/actions`, {
      kind: 'out-of-scope',
      entryIds: oosIds,
    });
    for (const [answer, entryIds] of byAnswer) {
      await editor.expectStatus(201, 'POST', `${base(storyfile.id)}/actions`, {
        kind: 'correct',
        entryIds,
        questionId: storyfile.questions[answer],
      });
    }
    const after = await reader.expectStatus<ThresholdCalibration>(
      200,
      'GET',
      `${base(storyfile.id)}/calibration`,
    );
    expect(after.reviewedCount).toBe(outOfScope.length + inScope.length);
    expect(after.reviewedCount).toBeGreaterThanOrEqual(MIN_CALIBRATION_REVIEWED);
    expect(after).toMatchObject({
      inScopeCount: inScope.length,
      outOfScopeCount: outOfScope.length,
      isReady: true,
    });
    const expected = calibrateThreshold(expectedSamples, {
      fallbackThreshold: after.currentThreshold,
    });
    expect(after.suggested!.threshold).toBeCloseTo(expected.threshold, 4);
    expect(after.suggested!.inScopeAccuracy).toBe(expected.inScopeAccuracy);
    expect(after.suggested!.oosRecall).toBe(expected.oosRecall);
    // Everything falls back at threshold 1 (scores are below it but for exact phrasings).
    expect(after.curve[0]).toMatchObject({ threshold: 0, oosRecall: 0 });

    // Setting it is an edit: a reader is refused, an editor sets it.
    const settings = `/v1/conversa/storyfiles/${storyfile.id}/matching-settings`;
    expect((await reader.put(settings, { threshold: after.suggested!.threshold })).status).toBe(
      403,
    );
    await editor.expectStatus(200, 'PUT', settings, { threshold: after.suggested!.threshold });
    const set = await reader.expectStatus<ThresholdCalibration>(
      200,
      'GET',
      `${base(storyfile.id)}/calibration`,
    );
    expect(set.currentThreshold).toBeCloseTo(after.suggested!.threshold, 4);
    expect(set.isThresholdAutomatic).toBe(false);

    expect((await outsider.get(`${base(storyfile.id)}/calibration`)).status).toBe(404);
  });
});

describe('coverage over time', () => {
  it('counts asked, answered and fallen back per UTC day, empty days as zero', async () => {
    const storyfile = await seedStoryfileWithAnswers(studio, editor, eastId);
    await ask(editor, storyfile.id, BORN);
    await ask(editor, storyfile.id, MOVIE);
    await ask(editor, storyfile.id, 'zxqv blorf quantum pineapple');
    const coverage = await reader.expectStatus<CoverageHistory>(
      200,
      'GET',
      `${base(storyfile.id)}/coverage`,
    );
    expect(coverage.days).toHaveLength(COVERAGE_DAYS);
    const today = new Date().toISOString().slice(0, 10);
    expect(coverage.days.at(-1)).toEqual({ date: today, asked: 3, answered: 2, fellBack: 1 });
    expect(coverage.days.slice(0, -1).every((day) => day.asked === 0)).toBe(true);
    expect((await outsider.get(`${base(storyfile.id)}/coverage`)).status).toBe(404);
  });
});

describe('custom categories as CSV', () => {
  const exportPath = (namespaceId: string) =>
    `/v1/conversa/training/categories/export?namespaceId=${namespaceId}`;
  const importPath = '/v1/conversa/training/categories/import';

  it('imports all rows or none, naming each bad row, and exports what it imported', async () => {
    const namespaceId = await buildNamespace(studio, 'csv');
    const owner = await buildMember(studio, 'owner@csv.test', { csv: 'owner:ns' });
    const csvReader = await buildMember(studio, 'reader@csv.test', { csv: 'read:ns' });
    const storyfile = await seedStoryfileWithAnswers(studio, owner, namespaceId);

    const bad = [
      'name,phrases,storyfile',
      'Cinema,movie|film|"motion picture"',
      ',a|b,',
      'Lonely,only one,',
      `Mine,mine|my own,No such storyfile`,
      'Cinema,flick|pictures,',
    ].join('\n');
    const refused = await owner.post<{ message: string }>(importPath, { namespaceId, csv: bad });
    expect(refused.status).toBe(400);
    expect(refused.body.message.split('\n')).toEqual([
      CATEGORY_CSV_NOTHING_IMPORTED,
      'Row 3: Enter a name.',
      'Row 4: A category needs at least two phrases: the words it makes interchangeable.',
      'Row 5: no storyfile named "No such storyfile" in this namespace.',
      'Row 6: the category "Cinema" is also on row 2.',
    ]);
    const none = await owner.expectStatus<CategoryPage>(
      200,
      'GET',
      `/v1/conversa/training/categories?namespaceId=${namespaceId}`,
    );
    expect(none.total).toBe(0);

    // "motion picture" is in no phrasing of the script: without the category it falls back.
    const before = await ask(owner, storyfile.id, MOTION_PICTURE_QUESTION);
    expect(before.decision).toEqual({ kind: 'fallback', reason: 'off-topic' });

    const good = [
      'Name,Phrases,Storyfile',
      'Cinema,movie|film|motion picture,',
      `Pets,dog|puppy,${storyfile.name}`,
      '',
    ].join('\r\n');
    expect((await csvReader.post(importPath, { namespaceId, csv: good })).status).toBe(403);
    const imported = await owner.expectStatus<ImportedCategories>(200, 'POST', importPath, {
      namespaceId,
      csv: good,
    });
    expect([imported.created, imported.updated]).toEqual([2, 0]);
    // Issue 28: the import says what it did to past questions, as a single category's save does:
    // the motion-picture question that fell back is answered now.
    expect(imported.effect.storyfiles.map((entry) => entry.storyfileId)).toEqual([storyfile.id]);
    expect(
      imported.effect.storyfiles[0]!.preview.moves.find(
        (move) => move.questionText === MOTION_PICTURE_QUESTION,
      ),
    ).toMatchObject({
      before: { questionId: null },
      after: { questionId: storyfile.questions[MOVIE] },
    });
    // The imported category folds at once: "motion picture" now reads as "movie", the movie
    // answer's own phrasing.
    const matched = await ask(owner, storyfile.id, MOTION_PICTURE_QUESTION);
    expect(matched.decision).toEqual({ kind: 'answer', questionId: storyfile.questions[MOVIE] });
    expect(matched.confidence).toBe('exact');

    // A second import replaces a category of the same name and scope.
    const replacing = await owner.expectStatus<ImportedCategories>(200, 'POST', importPath, {
      namespaceId,
      csv: 'name,phrases\ncinema,movie|film|talkie',
    });
    expect([replacing.created, replacing.updated]).toEqual([0, 1]);
    // ...and says which past question loses its answer through it, the one the first answered.
    const [reached] = replacing.effect.storyfiles;
    expect(
      reached!.preview.moves.find((move) => move.questionText === MOTION_PICTURE_QUESTION),
    ).toMatchObject({
      before: { questionId: storyfile.questions[MOVIE] },
      after: { questionId: null },
    });
    expect(reached!.preview.toFallback).toBeGreaterThanOrEqual(1);
    expect(describeAppliedEffect(replacing.effect)).toMatch(
      /past questions? now falls? back instead of being answered\./,
    );
    // The replaced phrases fold at once too: "motion picture" is no longer one of them.
    const replaced = await ask(owner, storyfile.id, MOTION_PICTURE_QUESTION);
    expect(replaced.decision).toEqual({ kind: 'fallback', reason: 'off-topic' });

    const exported = await csvReader.expectStatus<CategoryCsv>(200, 'GET', exportPath(namespaceId));
    expect(exported.count).toBe(2);
    expect(exported.csv.split('\r\n')).toEqual([
      'name,phrases,storyfile',
      'Cinema,movie|film|talkie,',
      `Pets,dog|puppy,${storyfile.name}`,
    ]);
    expect((await outsider.get(exportPath(namespaceId))).status).toBe(404);
  });

  it('previews what an import would change, row by row and on past questions, writing nothing', async () => {
    const previewPath = '/v1/conversa/training/categories/import/preview';
    const namespaceId = await buildNamespace(studio, 'csv-preview');
    const owner = await buildMember(studio, 'owner@csv-preview.test', {
      'csv-preview': 'owner:ns',
    });
    const viewer = await buildMember(studio, 'reader@csv-preview.test', {
      'csv-preview': 'read:ns',
    });
    const storyfile = await seedStoryfileWithAnswers(studio, owner, namespaceId);
    await owner.expectStatus<ImportedCategories>(200, 'POST', importPath, {
      namespaceId,
      csv: 'name,phrases\nCinema,movie|film',
    });
    await ask(owner, storyfile.id, MOTION_PICTURE_QUESTION);
    const csv = [
      'name,phrases,storyfile',
      'cinema,movie|film|motion picture,',
      `Pets,dog|puppy,${storyfile.name}`,
    ].join('\n');

    expect((await viewer.post(previewPath, { namespaceId, csv })).status).toBe(403);
    const preview = await owner.expectStatus<CategoryImportPreview>(200, 'POST', previewPath, {
      namespaceId,
      csv,
    });
    expect(preview).toMatchObject({
      created: 1,
      updated: 1,
      rows: [
        {
          row: 2,
          name: 'cinema',
          storyfileName: null,
          action: 'replace',
          phrases: ['movie', 'film', 'motion picture'],
          previousPhrases: ['movie', 'film'],
        },
        {
          row: 3,
          name: 'Pets',
          storyfileName: storyfile.name,
          action: 'create',
          phrases: ['dog', 'puppy'],
          previousPhrases: null,
        },
      ],
    });
    // The past question that fell back would be answered: the same effect the import reports.
    expect(
      preview.effect.storyfiles[0]!.preview.moves.find(
        (move) => move.questionText === MOTION_PICTURE_QUESTION,
      ),
    ).toMatchObject({
      before: { questionId: null },
      after: { questionId: storyfile.questions[MOVIE] },
    });

    // Nothing was written: the category keeps its phrases and the question still falls back.
    const page = await owner.expectStatus<CategoryPage>(
      200,
      'GET',
      `/v1/conversa/training/categories?namespaceId=${namespaceId}`,
    );
    expect(page.total).toBe(1);
    expect((await ask(owner, storyfile.id, MOTION_PICTURE_QUESTION)).decision).toEqual({
      kind: 'fallback',
      reason: 'off-topic',
    });
    // A bad file is refused as the import refuses it.
    const refused = await owner.post<{ message: string }>(previewPath, {
      namespaceId,
      csv: 'name,phrases\nLonely,only one',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message.split('\n')).toEqual([
      CATEGORY_CSV_NOTHING_IMPORTED,
      'Row 2: A category needs at least two phrases: the words it makes interchangeable.',
    ]);
  });

  it('refuses a file without the named columns', async () => {
    const refused = await editor.post<{ message: string }>(importPath, {
      namespaceId: eastId,
      csv: 'a,b\n1,2',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(CATEGORY_CSV_NOTHING_IMPORTED);
    expect(refused.body.message).toContain('name and phrases are missing');
  });
});

describe('custom words: suggestions and recognizer hints', () => {
  it('suggests names and rare words of the script and words of unmatched spoken questions, and hands the words to the recognizer', async () => {
    const storyfile = await seedStoryfileWithAnswers(studio, editor, eastId);
    await editor.expectStatus(201, 'POST', `/v1/conversa/storyfiles/${storyfile.id}/questions`, {
      topicId: (
        await editor.expectStatus<{ id: string }>(
          201,
          'POST',
          `/v1/conversa/storyfiles/${storyfile.id}/topics`,
          { name: 'Places' },
        )
      ).id,
      text: 'Why did you move to Milwaukee?',
      alternates: ['What brought you to the brewery in Milwaukee?'],
    });
    await ask(editor, storyfile.id, 'tell me about the zeppelin', true);
    const suggestions = await reader.expectStatus<WordSuggestionList>(
      200,
      'GET',
      `${base(storyfile.id)}/word-suggestions`,
    );
    expect(suggestions.items).toContainEqual({
      term: 'Milwaukee',
      source: 'name',
      count: 2,
      example: 'Why did you move to Milwaukee?',
    });
    expect(suggestions.items).toContainEqual(
      expect.objectContaining({ term: 'brewery', source: 'rare' }),
    );
    expect(suggestions.items).toContainEqual(
      expect.objectContaining({ term: 'zeppelin', source: 'unmatched', count: 1 }),
    );

    await editor.expectStatus(201, 'POST', '/v1/conversa/training/words', {
      namespaceId: eastId,
      term: 'milwaukee',
      displayForm: 'Milwaukee',
      heardAs: ['mill walkie'],
    });
    const later = await reader.expectStatus<WordSuggestionList>(
      200,
      'GET',
      `${base(storyfile.id)}/word-suggestions`,
    );
    expect(later.items.map((item) => item.term)).not.toContain('Milwaukee');
    const hints = await reader.expectStatus<SpeechHints>(
      200,
      'GET',
      `/v1/conversa/storyfiles/${storyfile.id}/speech-hints`,
    );
    expect(hints.terms).toContain('Milwaukee');
    expect(
      (await outsider.get(`/v1/conversa/storyfiles/${storyfile.id}/speech-hints`)).status,
    ).toBe(404);
  });
});
