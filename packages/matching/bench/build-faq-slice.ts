// Rebuilds `data/faq-storyfile.json`, the real-scale development benchmark (issue 40): one storyfile of
// 192 answers, each scripted with ONE question, its answer text standing in for the transcript, and
// the questions people asked of those answers held out. Not run by tests or the bench; documented in
// data/README.md. Usage (after fetching github.com/ML-Recipes/BERT-FAQ as a bare git directory):
//   node --import tsx packages/matching/bench/build-faq-slice.ts /path/to/BERT-FAQ.git [commit]
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const [gitDir, commit = 'HEAD'] = process.argv.slice(2);
if (!gitDir) {
  throw new Error('usage: build-faq-slice.ts <BERT-FAQ git dir> [commit]');
}
const show = (path: string): unknown =>
  JSON.parse(
    execFileSync('git', ['--git-dir', gitDir, 'show', `${commit}:${path}`], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    }),
  );
const resolvedCommit = execFileSync('git', ['--git-dir', gitDir, 'rev-parse', commit], {
  encoding: 'utf8',
}).trim();

const clean = (text: string | null) =>
  (text ?? '')
    .replace(/\[\[[^\]]*\]\]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
/** Answer texts are cut at a sentence end near this length: about a minute of speech. */
const MAX_TRANSCRIPT = 1200;
function cut(text: string): string {
  if (text.length <= MAX_TRANSCRIPT) {
    return text;
  }
  const head = text.slice(0, MAX_TRANSCRIPT);
  const end = Math.max(head.lastIndexOf('. '), head.lastIndexOf('? '), head.lastIndexOf('! '));
  return end > MAX_TRANSCRIPT / 2 ? head.slice(0, end + 1) : head;
}

interface Answer {
  id: string;
  question: string;
  transcript: string;
}
const answers: Answer[] = [];
const questions: { text: string; answerId: string }[] = [];

// StackFAQ: 125 web-apps StackExchange threads; the thread's title is the scripted question, its
// first (top) answer the transcript, the annotators' rephrasings the visitors' questions.
const stack = show('data/StackFAQ/stackExchange-FAQ.json') as {
  root: { qapair: { rephr: string[] | string; question: string; answer: string[] | string }[] };
};
stack.root.qapair.forEach((pair, index) => {
  const id = `stackfaq-${String(index + 1).padStart(3, '0')}`;
  const answer = Array.isArray(pair.answer) ? pair.answer[0]! : pair.answer;
  answers.push({ id, question: clean(pair.question), transcript: cut(clean(answer)) });
  const rephrasings = Array.isArray(pair.rephr) ? pair.rephr : [pair.rephr];
  for (const text of rephrasings.map(clean)) {
    if (text.length > 1 && text !== clean(pair.question)) {
      questions.push({ text, answerId: id });
    }
  }
});

// CovidFAQ (Sun & Sedoc, 2020): 67 COVID-19 FAQ entries (label 1); the entry's FAQ question is the
// scripted question, its answer the transcript, the user queries labelled with it the visitors'.
const covid = show('data/CovidFAQ/query_answer_pairs.json') as {
  label: number;
  query_type: string;
  question: string;
  answer: string;
}[];
const covidIds = new Map<string, string>();
for (const item of covid) {
  if (item.label === 1 && item.query_type === 'faq' && !covidIds.has(clean(item.answer))) {
    const id = `covidfaq-${String(covidIds.size + 1).padStart(3, '0')}`;
    covidIds.set(clean(item.answer), id);
    answers.push({ id, question: clean(item.question), transcript: cut(clean(item.answer)) });
  }
}
const seen = new Set(answers.map((answer) => answer.question.toLowerCase()));
for (const item of covid) {
  const id = covidIds.get(clean(item.answer));
  const text = clean(item.question);
  if (item.label === 1 && item.query_type === 'user_query' && id && text.length > 1) {
    if (!seen.has(text.toLowerCase())) {
      questions.push({ text, answerId: id });
    }
  }
}

// Off-topic: CLINC150's out-of-scope val questions and every 6th in-scope val question (an
// assistant's requests: alarms, bank transfers, trivia), already shipped in data/ (CC BY 3.0).
const clinc = JSON.parse(
  readFileSync(fileURLToPath(new URL('../data/clinc150.fewshot5.json', import.meta.url)), 'utf8'),
) as { val: { text: string; intent: string | null }[] };
const offTopic = [
  ...clinc.val.filter((item) => item.intent === null).map((item) => item.text),
  ...clinc.val.filter((item, i) => item.intent !== null && i % 6 === 0).map((item) => item.text),
];

const slice = {
  name: 'faq-storyfile',
  source: {
    repo: 'github.com/ML-Recipes/BERT-FAQ',
    commit: resolvedCommit,
    paths: ['data/StackFAQ/stackExchange-FAQ.json', 'data/CovidFAQ/query_answer_pairs.json'],
    license: 'see data/README.md',
  },
  answers,
  questions,
  offTopic,
};
const out = fileURLToPath(new URL('../data/faq-storyfile.json', import.meta.url));
writeFileSync(out, `${JSON.stringify(slice, null, 1)}\n`);
console.log(
  `${answers.length} answers, ${questions.length} questions, ${offTopic.length} off-topic -> ${out}`,
);
