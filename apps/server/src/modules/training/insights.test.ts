import { describe, expect, it } from 'vitest';
import {
  CALIBRATION_CURVE_STEP,
  COVERAGE_DAYS,
  MIN_CALIBRATION_REVIEWED,
  type CoverageHistory,
  type ReviewItemPage,
  type SpeechHints,
  type ThresholdCalibration,
  type WordSuggestionList,
} from '@conversa/contracts';
import { calibrateThreshold, type CalibrationSample } from '@conversa/matching';
import { seedStoryfileWithAnswers } from '../../../test/conversation.fixtures.ts';
import {
  studio,
  editor,
  reader,
  outsider,
  eastId,
  BORN,
  MOVIE,
  ask,
  base,
  setUpInsightsStudio,
} from '../../../test/insights.fixtures.ts';

setUpInsightsStudio();

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
