// CPU of the matcher's scoring at real scale (not a test): the 400 answers of `bench:load --script
// scale` (one question each, every one with a transcript) in one matcher, with stand-in sentence
// vectors (512 dimensions, a hash of the text: the same dot products, rows and classifier as USE
// lite's, none of its accuracy, and no model to load). Prints the calibration's wall time and, for
// the questions the load asks, the wall and CPU time per question; CPU is the figure a loaded
// machine does not inflate.
//
// Usage: npm run bench:scoring [-- --questions 300]
import { createHash } from 'node:crypto';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createMatcher, type Embedder } from '@conversa/matching';
import { loadScript } from './load-scripts.ts';

const DIMENSIONS = 512;
const { values } = parseArgs({ options: { questions: { type: 'string', default: '300' } } });
const count = Number(values.questions);

const vectors = new Map<string, Float32Array>();
const embedder: Embedder = {
  id: 'hash',
  embed(text) {
    const key = text.trim();
    let vector = vectors.get(key);
    if (!vector) {
      vector = new Float32Array(DIMENSIONS);
      let digest = createHash('sha256').update(key).digest();
      for (let i = 0; i < DIMENSIONS; i++) {
        if (i > 0 && i % digest.length === 0) {
          digest = createHash('sha256').update(digest).digest();
        }
        vector[i] = (digest[i % digest.length]! - 127.5) / 127.5;
      }
      vectors.set(key, vector);
    }
    return vector;
  },
};

const { script, questions } = loadScript('scale');
const matcher = createMatcher({ embedder });
for (const question of script.topics.flatMap((topic) => topic.questions)) {
  matcher.upsertAnswer({
    id: question.text,
    question: question.text,
    alternates: [...(question.alternates ?? [])],
    transcript: question.transcript ?? '',
  });
}
const load = () => loadavg()[0]!.toFixed(1);
console.log(`${matcher.countAnswers()} answers with transcripts; load average ${load()}`);
let started = performance.now();
matcher.getThreshold();
console.log(
  `calibration (training the classifier included): ${(performance.now() - started).toFixed(0)} ms`,
);
matcher.match(questions[0]!);
started = performance.now();
const cpu = process.cpuUsage();
for (let i = 0; i < count; i++) {
  matcher.match(questions[i % questions.length]!, { limit: 5 });
}
const spent = process.cpuUsage(cpu);
console.log(
  `${count} questions: ${((performance.now() - started) / count).toFixed(2)} ms wall, ${((spent.user + spent.system) / 1000 / count).toFixed(2)} ms CPU per question; load average ${load()}`,
);
