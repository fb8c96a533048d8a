// The storyfiles the load benchmark can seed (bench/load.ts --script). `small` is the six-question
// storyfile of the first load figures; `scale` is a storyfile of the size issue 40 asks about:
// 400 answers scripted with one question each, every one with a transcript, built from the
// matcher's benchmark files kept in the repository (packages/matching/data, sources and licences
// in its README): the 192 answers of the real-scale slice (their answer text as the transcript),
// then CLINC150's 150 intents and BANKING77's first 58 (the first example as the question, the
// other four as what the answer says). Visitors ask the slice's held-out questions and its
// off-topic ones in turn.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  BENCH_QUESTIONS,
  DEFAULT_BENCH_SCRIPT,
  repoRoot,
  type BenchQuestion,
  type BenchScript,
} from './support.ts';

export const LOAD_SCRIPTS = ['small', 'scale'] as const;
export type LoadScriptName = (typeof LOAD_SCRIPTS)[number];

export interface LoadScript {
  script: BenchScript;
  /** What the visitors ask, in turn. */
  questions: string[];
  /** One line on what it is, printed before the load. */
  description: string;
}

const SCALE_ANSWERS = 400;

const faqSchema = z.object({
  answers: z.array(z.object({ id: z.string(), question: z.string(), transcript: z.string() })),
  questions: z.array(z.object({ text: z.string(), answerId: z.string() })),
  offTopic: z.array(z.string()),
});
const fewShotSchema = z.object({
  intents: z.array(z.object({ id: z.string(), examples: z.array(z.string()).min(2) })),
});

function readData<Schema extends z.ZodType>(file: string, schema: Schema): z.infer<Schema> {
  const full = path.join(repoRoot, 'packages', 'matching', 'data', file);
  return schema.parse(JSON.parse(readFileSync(full, 'utf8')));
}

/** Each intent as an answer: its first example asked, the rest what the answer says. */
function fromIntents(file: string): BenchQuestion[] {
  return readData(file, fewShotSchema).intents.map(({ examples: [question, ...rest] }) => ({
    text: question!,
    transcript: rest.map((sentence) => `${sentence.replace(/[.?!]*$/, '')}.`).join(' '),
  }));
}

function buildScaleScript(): LoadScript {
  const faq = readData('faq-storyfile.json', faqSchema);
  const seen = new Set<string>();
  const questions: BenchQuestion[] = [];
  for (const candidate of [
    ...faq.answers.map(({ question, transcript }) => ({ text: question, transcript })),
    ...fromIntents('clinc150.fewshot5.json'),
    ...fromIntents('banking77.fewshot5.json'),
  ]) {
    // A script holds each question once (the storyfile refuses a duplicate).
    const key = candidate.text.trim().toLowerCase();
    if (questions.length < SCALE_ANSWERS && !seen.has(key)) {
      seen.add(key);
      questions.push(candidate);
    }
  }
  const asked: string[] = [];
  for (let index = 0; index < faq.questions.length; index++) {
    asked.push(faq.questions[index]!.text);
    if (index % 4 === 3 && index / 4 < faq.offTopic.length) {
      asked.push(faq.offTopic[Math.floor(index / 4)]!);
    }
  }
  const words = questions.reduce(
    (sum, { transcript }) => sum + (transcript?.split(/\s+/).length ?? 0),
    0,
  );
  return {
    script: { name: 'A storyfile at scale', topics: [{ name: 'Everything', questions }] },
    questions: asked,
    description: `${questions.length} answers of one question each, every one with a transcript (${Math.round(words / questions.length)} words on average); ${asked.length} questions asked in turn, one in five off-topic`,
  };
}

export function loadScript(name: LoadScriptName): LoadScript {
  if (name === 'scale') {
    return buildScaleScript();
  }
  return {
    script: DEFAULT_BENCH_SCRIPT,
    // The recorded questions, their alternates, and two it cannot answer.
    questions: [
      ...BENCH_QUESTIONS.flatMap((question) => [question.text, ...question.alternates]),
      'Do you have any pets?',
      'What is the capital of Mongolia?',
    ],
    description: `${BENCH_QUESTIONS.length} answers with an alternate each, no transcript`,
  };
}
