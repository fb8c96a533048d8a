// Issue 68, item 8: Interact's start said "here are a few ideas to start" and none followed when
// the storyfile had no starters.
import { DEFAULT_CLIP_PROMPTS, type StoryfileDetail } from '@conversa/contracts';
import { describe, expect, it } from 'vitest';
import { getGreeting, getStarterIdeas, GREETING_WITHOUT_IDEAS } from './starter-ideas';

const question = (id: string, position: number, isRecorded: boolean) => ({
  id,
  topicId: 't',
  text: `Question ${id}?`,
  alternates: [],
  position,
  sourceQuestionId: null,
  answerRecordedAt: isRecorded ? '2026-11-01T00:00:00.000Z' : null,
  queuedToRecordAt: null,
});
const topic = (id: string, position: number, questions: ReturnType<typeof question>[]) => ({
  id,
  name: id,
  position,
  sourceTopicId: null,
  questions,
});
type Script = Pick<StoryfileDetail, 'starters' | 'topics'>;

describe('getStarterIdeas', () => {
  it("keeps the author's starters", () => {
    const starters = [{ questionId: 'b', topicId: 't', text: 'Question b?', position: 0 }];
    const script: Script = { starters, topics: [topic('t', 0, [question('a', 0, true)])] };
    expect(getStarterIdeas(script)).toBe(starters);
  });

  it('without starters, offers the first recorded question of each topic in order, at most 3', () => {
    const script: Script = {
      starters: [],
      topics: [
        topic('work', 1, [question('w2', 1, true), question('w1', 0, false)]),
        topic('life', 0, [question('l1', 0, true), question('l2', 1, true)]),
        topic('empty', 2, [question('e1', 0, false)]),
        topic('food', 3, [question('f1', 0, true)]),
        topic('pets', 4, [question('p1', 0, true)]),
      ],
    };
    expect(getStarterIdeas(script).map((idea) => idea.questionId)).toEqual(['l1', 'w2', 'f1']);
  });
});

describe('getGreeting', () => {
  it.each([
    [DEFAULT_CLIP_PROMPTS.intro, true, DEFAULT_CLIP_PROMPTS.intro],
    [DEFAULT_CLIP_PROMPTS.intro, false, GREETING_WITHOUT_IDEAS],
    ["Hi, I'm Rose.", false, "Hi, I'm Rose."],
    ['', true, ''],
  ])('greets with %j (ideas: %s) as %j', (introText, hasIdeas, expected) => {
    expect(getGreeting(introText, hasIdeas)).toBe(expected);
  });
});
