import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LEARNING,
  learningSettingsFor,
  reviewLearnedLabels,
  selectLearnedQuestions,
} from './learning.ts';
import type { LearnedLabel } from './learning.ts';
import { STORYFILE, buildMatcher } from './matcher.fixtures.ts';

// Issue 50 item 2: a storyfile learns from its visitors' labels, below its author's phrasings.
describe('learned questions in the matcher', () => {
  const question = 'Did you ever serve as a soldier?';

  it('moves the ranking: a learned question ranks its answer first where it did not', () => {
    const before = buildMatcher().match(question);
    expect(before.candidates[0]?.answerId).not.toBe('war');
    const learned = STORYFILE.map((answer) =>
      answer.id === 'war' ? { ...answer, learned: ['Were you ever a soldier?'] } : answer,
    );
    const after = buildMatcher(learned).match(question);
    expect(after.candidates[0]?.answerId).toBe('war');
    expect(after.candidates[0]?.matchedPhrasing).toBe('Were you ever a soldier?');
  });

  it('weighs a learned question below the same words as an author alternate, never as exact', () => {
    const asLearned = buildMatcher(
      STORYFILE.map((answer) =>
        answer.id === 'war' ? { ...answer, learned: ['Were you ever a soldier?'] } : answer,
      ),
      { threshold: 0.1 },
    );
    const asAlternate = buildMatcher(
      STORYFILE.map((answer) =>
        answer.id === 'war'
          ? { ...answer, alternates: [...(answer.alternates ?? []), 'Were you ever a soldier?'] }
          : answer,
      ),
      { threshold: 0.1 },
    );
    const learnedExact = asLearned.match('Were you ever a soldier?').candidates[0]!;
    expect(learnedExact.answerId).toBe('war');
    expect(learnedExact.confidence).not.toBe('exact');
    expect(learnedExact.score).toBeLessThan(1);
    expect(asAlternate.match('Were you ever a soldier?').candidates[0]?.confidence).toBe('exact');
    expect(asLearned.match(question).candidates[0]!.score).toBeLessThan(
      asAlternate.match(question).candidates[0]!.score,
    );
  });

  it("leaves a learned question that is also an author's phrasing to the author, and forgets it", () => {
    const matcher = buildMatcher();
    const war = STORYFILE.find((answer) => answer.id === 'war')!;
    matcher.upsertAnswer({ ...war, learned: ['Tell me about your time in the army'] });
    expect(matcher.match('Tell me about your time in the army').candidates[0]?.confidence).toBe(
      'exact',
    );
    matcher.upsertAnswer({ ...war, learned: ['Were you ever a soldier?'] });
    expect(matcher.match(question).candidates[0]?.answerId).toBe('war');
    matcher.upsertAnswer({ ...war, learned: [] });
    expect(matcher.match(question).candidates[0]?.answerId).not.toBe('war');
  });
});

describe('the calibration of a storyfile that learned', () => {
  it("asks the author's phrasings only: what visitors taught cannot move the bars' questions", () => {
    const taught = STORYFILE.map((answer) => ({
      ...answer,
      learned: ['tell me something', 'what else happened then', 'and after that?'],
    }));
    const before = buildMatcher().getDecisionReport().scores;
    const after = buildMatcher(taught).getDecisionReport().scores;
    expect(after.neighbours.length).toBe(before.neighbours.length);
    expect(after.offTopic.length).toBe(before.offTopic.length);
  });
});

describe('the safeguards of what is learned', () => {
  const label = (answerId: string, text: string, visitor: string, at = 0): LearnedLabel => ({
    answerId,
    text,
    visitor,
    at,
  });

  it('teaches only once distinct visitors agree (the same visitor twice counts once), or an author', () => {
    const labels = [
      label('war', 'Were you a soldier?', 'v1'),
      label('war', 'were you a SOLDIER', 'v1'),
    ];
    expect(selectLearnedQuestions(labels)).toEqual(new Map());
    expect(reviewLearnedLabels(labels)).toMatchObject([{ visitors: 1, status: 'waiting' }]);
    const confirmed = [...labels, label('war', 'Were you a soldier', 'v2', 5)];
    expect(selectLearnedQuestions(confirmed)).toEqual(new Map([['war', ['Were you a soldier?']]]));
    const corrected = [{ ...label('war', 'Any military service?', 'user:author'), isAuthor: true }];
    expect(selectLearnedQuestions(corrected)).toEqual(
      new Map([['war', ['Any military service?']]]),
    );
    const oneVisitor = { ...DEFAULT_LEARNING, minVisitors: 1 };
    expect(selectLearnedQuestions(labels, oneVisitor).get('war')).toEqual(['Were you a soldier?']);
  });

  it('counts the visitors who gave the same answer to a question much like it', () => {
    // Content words "soldier" and "war" in both, "ever" in one: 2 of 3, at least half.
    const labels = [
      label('war', 'Were you ever a soldier in the war?', 'v1'),
      label('war', 'were you a soldier during the war', 'v2'),
    ];
    expect(DEFAULT_LEARNING.alikeShare).toBe(0.5);
    expect(reviewLearnedLabels(labels)).toMatchObject([
      { visitors: 2, status: 'learned' },
      { visitors: 2, status: 'learned' },
    ]);
    // Only the same question counts with no share.
    expect(
      reviewLearnedLabels(labels, { ...DEFAULT_LEARNING, alikeShare: null }).map(
        (entry) => entry.status,
      ),
    ).toEqual(['waiting', 'waiting']);
  });

  // Issue 66 item 2: visitors' questions rarely share words; joined by meaning with vectors.
  it('joins two questions by meaning at `alikeMeaning`, by words without vectors', () => {
    const labels = [
      label('pay', 'how much do you earn', 'v1'),
      label('pay', 'what is your salary', 'v2'),
    ];
    const vectors = new Map([
      ['how much do you earn', new Float32Array([1, 0])],
      ['what is your salary', new Float32Array([0.8, 0.6])],
    ]);
    const meaning = { id: 'test', embed: (text: string) => vectors.get(text) };
    const byMeaning = (bar: number) =>
      reviewLearnedLabels(labels, { ...DEFAULT_LEARNING, alikeMeaning: bar }, meaning).map(
        (entry) => entry.status,
      );
    // Cosine 0.8: alike at a bar of 0.6, not at 0.9; no word in common.
    expect(byMeaning(0.6)).toEqual(['learned', 'learned']);
    expect(byMeaning(0.9)).toEqual(['waiting', 'waiting']);
    expect(reviewLearnedLabels(labels, { ...DEFAULT_LEARNING, alikeMeaning: 0.6 })).toMatchObject([
      { status: 'waiting' },
      { status: 'waiting' },
    ]);
  });

  it("joins by meaning at the bar measured for the studio's sentence model, by words without one", () => {
    expect(learningSettingsFor('all-minilm-l6-v2')).toEqual({
      ...DEFAULT_LEARNING,
      alikeMeaning: 0.6,
    });
    expect(learningSettingsFor('use-lite')).toEqual(DEFAULT_LEARNING);
    expect(learningSettingsFor(undefined)).toEqual(DEFAULT_LEARNING);
    expect(DEFAULT_LEARNING.alikeMeaning).toBeNull();
  });

  it('counts one visitor once however many alike questions, and never another answer or other words', () => {
    const alone = [
      label('war', 'Were you ever a soldier in the war?', 'v1'),
      label('war', 'were you a soldier during the war', 'v1'),
    ];
    expect(selectLearnedQuestions(alone)).toEqual(new Map());
    const apart = [
      label('war', 'Were you a soldier in the war?', 'v1'),
      label('first-job', 'were you a soldier during the war', 'v2'),
      label('war', 'Did you like your first job?', 'v3'),
    ];
    expect(selectLearnedQuestions(apart)).toEqual(new Map());
  });

  // Issue 67 item 1: "anyone can mint a cookie"; "count a client address at most once per label,
  // weigh how fast labels arrive".
  it('counts many cookies from one client network as one visitor, the same question or alike', () => {
    const fromOneNetwork = ['c1', 'c2', 'c3', 'c4', 'c5', 'c6'].map((cookie, index) => ({
      ...label('family', `university highways ${index % 2 === 0 ? '' : 'please'}`, cookie),
      client: 'net:203.0.113.0/24',
    }));
    expect(selectLearnedQuestions(fromOneNetwork)).toEqual(new Map());
    expect(reviewLearnedLabels(fromOneNetwork).map((entry) => entry.visitors)).toEqual([1, 1]);
    const secondNetwork = {
      ...label('family', 'university highways', 'c7'),
      client: 'net:198.51.100.0/24',
    };
    expect(selectLearnedQuestions([...fromOneNetwork, secondNetwork])).toEqual(
      new Map([['family', ['university highways', 'university highways please']]]),
    );
  });

  it("counts a client's first 10 labels in an hour, and none it gives faster", () => {
    expect(DEFAULT_LEARNING.perClientHour).toBe(10);
    const minute = 60_000;
    const burst = Array.from({ length: 12 }, (_, index) => ({
      ...label('war', `Question number ${index} about the war?`, `c${index}`, index * minute),
      client: 'net:a',
    }));
    const others = burst.map((own) => ({ ...own, visitor: 'other', client: 'net:b' }));
    const learned = reviewLearnedLabels([...burst, ...others], {
      ...DEFAULT_LEARNING,
      alikeShare: null,
      perAnswer: 100,
    });
    // Each client's 11th and 12th labels came within the hour of its first ten: they count for
    // nothing.
    expect(learned.filter((entry) => entry.status === 'learned')).toHaveLength(10);
    const anHourLater = others.map((own) => ({ ...own, at: (own.at ?? 0) + 61 * minute }));
    const spread = reviewLearnedLabels([...burst, ...anHourLater], {
      ...DEFAULT_LEARNING,
      alikeShare: null,
      perAnswer: 100,
    });
    expect(spread.filter((entry) => entry.status === 'learned')).toHaveLength(10);
    const authors = burst.map((own) => ({ ...own, isAuthor: true }));
    expect(reviewLearnedLabels(authors).filter((entry) => entry.status === 'learned')).toHaveLength(
      10,
    );
  });

  it('teaches a question labelled with two answers only to the one more visitors chose', () => {
    const labels = [
      label('war', 'What did you do at twenty?', 'v1'),
      label('war', 'What did you do at twenty?', 'v2'),
      label('first-job', 'What did you do at twenty?', 'v3'),
      label('first-job', 'What did you do at twenty?', 'v4'),
    ];
    expect(selectLearnedQuestions(labels)).toEqual(new Map());
    expect(reviewLearnedLabels(labels).map((entry) => entry.status)).toEqual([
      'contested',
      'contested',
    ]);
    const more = [...labels, label('war', 'What did you do at twenty?', 'v5')];
    expect(selectLearnedQuestions(more)).toEqual(
      new Map([['war', ['What did you do at twenty?']]]),
    );
  });

  it('caps what one answer learns, keeping the most confirmed', () => {
    const labels = ['a', 'b', 'c'].flatMap((word, index) =>
      Array.from({ length: index + 2 }, (_, visitor) =>
        label('war', `Question ${word}?`, `v${visitor}`),
      ),
    );
    const reviewed = reviewLearnedLabels(labels, {
      minVisitors: 2,
      perAnswer: 2,
      alikeShare: null,
      alikeMeaning: null,
      perClientHour: 10,
    });
    expect(reviewed.map((entry) => [entry.text, entry.visitors, entry.status])).toEqual([
      ['Question c?', 4, 'learned'],
      ['Question b?', 3, 'learned'],
      ['Question a?', 2, 'capped'],
    ]);
  });
});
