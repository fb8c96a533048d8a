// Issue 40, "what the person said": an answer's transcript is evidence of its own, so a visitor's
// question about something the answer talks about finds it even when its scripted question shares
// no word with the visitor's.
import { describe, expect, it } from 'vitest';
import { createMatcher } from './matcher.ts';
import {
  analyseTranscript,
  contentStems,
  createTranscriptIndex,
  splitPassages,
} from './transcript.ts';
import type { AnswerRecord } from './answer-index.ts';
import type { AnswerInput, Embedder } from './types.ts';

const SCRIPT: AnswerInput[] = [
  {
    id: 'food',
    question: 'What is your favourite food?',
    transcript:
      'Pizza, without a doubt. My grandmother baked it on Sundays in Naples, with basil from her ' +
      'balcony. I still make the dough her way.',
  },
  {
    id: 'born',
    question: 'Where were you born?',
    transcript: 'I was born in a small fishing village on the coast, in a house by the harbour.',
  },
  {
    id: 'career',
    question: 'How did you become an engineer?',
    transcript: 'I repaired radios as a teenager, and a teacher pushed me to study electronics.',
  },
  { id: 'family', question: 'Tell me about your family' },
];

function build(withTranscripts: boolean) {
  const matcher = createMatcher({ threshold: 0.2 });
  for (const answer of SCRIPT) {
    const { transcript: _transcript, ...rest } = answer;
    matcher.upsertAnswer(withTranscripts ? answer : rest);
  }
  return matcher;
}

describe('transcript evidence', () => {
  it.each([
    // visitor question, the answer whose transcript covers it (its question shares no word with it)
    ['Did your grandmother bake pizza?', 'food'],
    ['Did you grow up by the harbour?', 'born'],
    ['Did you fix radios when you were young?', 'career'],
  ])('%j finds %s through its transcript, and not without it', (question, answerId) => {
    const without = build(false).match(question);
    expect(without.candidates[0]?.answerId).not.toBe(answerId);
    const withTranscript = build(true).match(question);
    expect(withTranscript.candidates[0]?.answerId).toBe(answerId);
    const lifted = withTranscript.candidates[0]!.score;
    const before = without.candidates.find((candidate) => candidate.answerId === answerId);
    expect(lifted).toBeGreaterThan(before?.score ?? 0);
  });

  it('keeps a question that matches a phrasing as strong as without transcripts', () => {
    for (const question of ['Where were you born?', 'what is your favorite food']) {
      const without = build(false).match(question).candidates[0]!;
      const withTranscript = build(true).match(question).candidates[0]!;
      expect(withTranscript.answerId).toBe(without.answerId);
      expect(withTranscript.score).toBeGreaterThanOrEqual(without.score * 0.8);
    }
  });

  it('drops the evidence when the transcript is removed, and scores as a fresh build', () => {
    const matcher = build(true);
    matcher.upsertAnswer({ id: 'food', question: 'What is your favourite food?' });
    const fresh = build(true);
    fresh.upsertAnswer({ id: 'food', question: 'What is your favourite food?' });
    expect(matcher.match('Did your grandmother bake pizza?')).toEqual(
      fresh.match('Did your grandmother bake pizza?'),
    );
    expect(matcher.match('Did your grandmother bake pizza?').candidates[0]?.answerId).not.toBe(
      'food',
    );
  });

  it('uses passage vectors once the embedder has them, without waiting for them', () => {
    // A toy embedder: one dimension per topic word; the transcript's passage is about boats.
    const topics = ['boat', 'pizza', 'radio', 'family', 'born'];
    let hasPassages = false;
    const embedder: Embedder = {
      id: 'toy',
      embed(text) {
        const lower = text.toLowerCase();
        if (lower.includes('sailing') && !hasPassages) {
          return undefined;
        }
        const vector = new Float32Array(topics.length + 1);
        vector[topics.length] = 0.1;
        topics.forEach((topic, i) => {
          if (lower.includes(topic) || (topic === 'boat' && /sail|ship|vessel/.test(lower))) {
            vector[i] = 1;
          }
        });
        return vector;
      },
    };
    const matcher = createMatcher({ embedder, threshold: 0.2 });
    matcher.upsertAnswer({ id: 'born', question: 'Where were you born?' });
    matcher.upsertAnswer({
      id: 'hobby',
      question: 'What do you do at weekends?',
      transcript: 'Mostly sailing with my daughter on the lake.',
    });
    const before = matcher.match('Do you own a vessel?');
    hasPassages = true;
    const after = matcher.match('Do you own a vessel?');
    expect(before.candidates.find((c) => c.answerId === 'hobby')?.score ?? 0).toBeLessThan(
      after.candidates.find((c) => c.answerId === 'hobby')!.score,
    );
    expect(after.candidates[0]?.answerId).toBe('hobby');
  });

  it('takes in passage vectors when the threshold is read, so the next question does not calibrate', () => {
    // A server reads the threshold once a transcript's vectors are in: the calibration they call
    // for happens then, not in the next visitor's question (seconds at 400 answers).
    let hasPassages = false;
    const embedder: Embedder = {
      id: 'toy',
      embed(text) {
        if (text.includes('sailing') && !hasPassages) {
          return undefined;
        }
        const vector = new Float32Array(4);
        vector[text.length % 3] = 1;
        vector[3] = 0.2;
        return vector;
      },
    };
    const matcher = createMatcher({ embedder });
    matcher.upsertAnswer({ id: 'born', question: 'Where were you born?' });
    matcher.upsertAnswer({
      id: 'hobby',
      question: 'What do you do at weekends?',
      transcript: 'Mostly sailing with my daughter on the lake.',
    });
    const before = matcher.getThresholdReport();
    hasPassages = true;
    const report = matcher.getThresholdReport();
    // The passages' vectors called for a calibration, made here.
    expect(report).not.toBe(before);
    const result = matcher.match('Do you own a boat?');
    // A calibration made in the question would be a new report.
    expect(matcher.getThresholdReport()).toBe(report);
    expect(result.threshold).toBe(report.threshold);
  });
});

describe('transcript passages as rows of the storyfile classifier', () => {
  // A toy embedder: one dimension per topic word, so vectors are exact and deterministic.
  const topics = ['pizza', 'harbour', 'radio', 'family', 'born', 'food', 'engineer', 'grandmother'];
  const embedder: Embedder = {
    id: 'toy',
    embed(text) {
      const lower = text.toLowerCase();
      const vector = new Float32Array(topics.length + 1);
      vector[topics.length] = 0.3;
      topics.forEach((topic, i) => {
        vector[i] = lower.includes(topic) ? 1 : 0;
      });
      return vector;
    },
  };
  const questions = ['Did your grandmother bake pizza?', 'harbour', 'a radio', 'your family'];

  it('scores an edited script as the same script built afresh', () => {
    const edited = createMatcher({ embedder });
    for (const answer of SCRIPT) {
      edited.upsertAnswer({ id: answer.id, question: answer.question });
    }
    edited.match('warm up');
    for (const answer of SCRIPT) {
      edited.upsertAnswer(answer);
    }
    const fresh = createMatcher({ embedder });
    for (const answer of SCRIPT) {
      fresh.upsertAnswer(answer);
    }
    for (const question of questions) {
      expect(edited.match(question)).toEqual(fresh.match(question));
    }
  });

  it('trains on the transcripts of a script of one phrasing per answer', () => {
    const off = createMatcher({ embedder, tuning: { transcriptClassifier: false } });
    const on = createMatcher({ embedder });
    // Every answer needs two rows (here its question and its transcript) for the classifier.
    for (const answer of SCRIPT.filter((entry) => entry.transcript !== undefined)) {
      off.upsertAnswer(answer);
      on.upsertAnswer(answer);
    }
    // Without transcript rows the classifier cannot train (one phrasing per answer): cosines only.
    const question = 'Did your grandmother bake pizza?';
    expect(on.match(question).candidates[0]?.answerId).toBe('food');
    expect(on.match(question).candidates).not.toEqual(off.match(question).candidates);
  });

  it('changes nothing for a script without transcripts', () => {
    const off = createMatcher({ embedder, tuning: { transcriptClassifier: false } });
    const on = createMatcher({ embedder });
    for (const answer of SCRIPT) {
      off.upsertAnswer({ id: answer.id, question: answer.question });
      on.upsertAnswer({ id: answer.id, question: answer.question });
    }
    for (const question of questions) {
      expect(on.match(question)).toEqual(off.match(question));
    }
  });
});

describe('hub correction of the passages (transcriptHubShare)', () => {
  // A toy embedder: one dimension per topic word. Both transcripts are as close to "boats?"; one
  // of them also talks about the weather, which the reference (off-topic) questions ask about.
  const topics = ['boat', 'weather', 'cake'];
  const embedder: Embedder = {
    embed: (text) => new Float32Array([...topics.map((t) => (text.includes(t) ? 1 : 0)), 0.1]),
  };
  const hub = { slot: 0 } as AnswerRecord;
  const plain = { slot: 1 } as AnswerRecord;
  function scores(hubShare: number): number[] {
    const index = createTranscriptIndex(embedder, {
      semanticShare: 1,
      floor: 0,
      passageSentences: 8,
      wordsK1: 0,
      wordsLengthB: 0.75,
      centroidShare: 0,
      hubShare,
      references: ['what is the weather like?', 'will the weather hold?'],
    });
    index.set(hub, 'I sailed my boat whatever the weather.');
    index.set(plain, 'I sailed my boat and baked a cake.');
    const out = new Float64Array(2);
    const query = embedder.embed('boats?')!;
    const norm = Math.hypot(...query);
    index.scoreAll(
      'boats?',
      query.map((x) => x / norm),
      out,
      undefined,
    );
    return [...out];
  }

  it('ranks the transcript that is close to any question below an equal one that is not', () => {
    const [hubBefore, plainBefore] = scores(0);
    expect(hubBefore).toBeCloseTo(plainBefore!, 9);
    const [hubAfter, plainAfter] = scores(0.5);
    expect(plainAfter).toBeGreaterThan(hubAfter! + 0.05);
  });
});

describe('splitPassages', () => {
  it.each([
    ['One sentence only', 1, ['One sentence only']],
    [
      'I was born in Leeds. Yes. Then we moved to York when I was six.',
      1,
      ['I was born in Leeds. Yes.', 'Then we moved to York when I was six.'],
    ],
    [
      'A first sentence here. A second one here! A third one here?',
      2,
      ['A first sentence here. A second one here!', 'A third one here?'],
    ],
    ['  ', 1, []],
  ])('%j by %i → %j', (text, sentences, expected) => {
    expect(splitPassages(text, sentences)).toEqual(expected);
  });

  it.each([1, 2, 3])('gives the passages of %i sentences as bounds in the text', (sentences) => {
    const text =
      'I was born in Leeds. Yes. Then we moved to York when I was six! Did we like it? We did. ' +
      'Mum said so... Dad never did. Then we moved again, to a farm near Hull.';
    const { passageBounds } = analyseTranscript(text, sentences);
    const passages: string[] = [];
    for (let i = 0; i < passageBounds.length; i += 2) {
      passages.push(text.slice(passageBounds[i], passageBounds[i + 1]));
    }
    expect(passages).toEqual(splitPassages(text, sentences));
    expect(passages.length).toBeGreaterThan(1);
  });

  it("counts a transcript's content stems each once, in the order they first appear", () => {
    const { stems, counts } = analyseTranscript('Pizza in Naples, and more pizza.', 1);
    expect(stems).toEqual(['pizza', 'napl']);
    expect(Array.from(counts)).toEqual([2, 1]);
  });

  it('keeps content words only, stemmed', () => {
    expect(contentStems('What did you think of the pizzas?')).toEqual(['pizza']);
  });
});

describe('the words\u2019 weights of transcripts replaced and removed', () => {
  // Each stem's idf counts the answers whose transcript uses it (once however often it says it):
  // an index edited in place must weigh words exactly as one built afresh from the final texts.
  const words = {
    semanticShare: 0,
    floor: 0,
    passageSentences: 1,
    wordsK1: 1.2,
    wordsLengthB: 0.75,
    centroidShare: 0,
    hubShare: 0,
    references: [],
  };
  const answers = [0, 1, 2].map((slot) => ({ slot }) as AnswerRecord);
  const question = 'Did you bake pizza with your grandmother in Naples?';
  function scores(index: ReturnType<typeof createTranscriptIndex>): number[] {
    const out = new Float64Array(answers.length);
    index.scoreAll(question, undefined, out, undefined);
    return [...out];
  }

  it('scores as an index built afresh', () => {
    const edited = createTranscriptIndex(undefined, words);
    edited.set(answers[0]!, 'Pizza, pizza and more pizza in Naples with my grandmother.');
    edited.set(answers[1]!, 'My grandmother baked bread in Naples.');
    edited.set(answers[2]!, 'We baked pizza on Sundays.');
    edited.set(answers[1]!, 'My grandmother never baked at all.');
    edited.remove(answers[0]!);
    edited.set(answers[0]!, 'Naples was home.');
    edited.set(answers[2]!, undefined);
    const fresh = createTranscriptIndex(undefined, words);
    fresh.set(answers[0]!, 'Naples was home.');
    fresh.set(answers[1]!, 'My grandmother never baked at all.');
    const expected = scores(fresh);
    expect(expected.filter((score) => score > 0)).toHaveLength(2);
    expect(scores(edited)).toEqual(expected);
  });
});
