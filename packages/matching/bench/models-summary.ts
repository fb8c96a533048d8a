// Issue 64: with several sentence models (`--embedder use-lite,all-minilm-l6-v2`), every section
// runs once per model and this table puts their headline figures side by side, each model with
// its own tuning (`EMBEDDER_TUNING`): the development benchmark, the 30-answer storyfiles, a
// storyfile recorded in part and the learning simulation, at the policy's automatic point.
import type { DecisionCounts } from './decision-frontier.ts';
import type { FaqResult } from './faq.ts';
import { formatRate, printTable } from './format.ts';
import type { LearningOutcomes } from './learning-section.ts';
import type { PartialResult } from './partial-section.ts';
import type { StoryfileResult } from './storyfile.ts';

export interface ModelSummary {
  model: string;
  /** One cold question embedded alone, p50 ms. */
  questionMs: number | null;
  faq: FaqResult[];
  storyfile: StoryfileResult[];
  partial: PartialResult[];
  learning: { before: LearningOutcomes; after: LearningOutcomes } | null;
}

const rate = (part: number, total: number) => (total === 0 ? '—' : formatRate(part / total));

function autoCounts(decisions: FaqResult['decisions']): DecisionCounts | undefined {
  return decisions?.points.find((point) => point.playRisk === 'auto')?.counts;
}

/** Rows of one model: the figures the goals name, `—` where a section did not run. */
function rowsOf(summary: ModelSummary): string[][] {
  const rows: string[][] = [];
  const add = (shape: string, figure: string, value: string) =>
    rows.push([summary.model, shape, figure, value]);
  for (const name of ['conversa combined', 'conversa combined + transcripts']) {
    const result = summary.faq.find((each) => each.matcher === name);
    const auto = autoCounts(result?.decisions ?? null);
    if (!result || !auto) {
      continue;
    }
    const shape = `development benchmark${name.endsWith('transcripts') ? ', transcripts' : ''}`;
    add(shape, 'best match', formatRate(result.bestMatch));
    add(
      shape,
      'right played / wrong played',
      `${rate(auto.rightPlayed, auto.inScope)} / ${rate(auto.wrongPlayed, auto.inScope)}`,
    );
    add(shape, 'right played or offered', rate(auto.rightPlayedOrOffered, auto.inScope));
    add(shape, 'in-scope asked back', rate(auto.inScopeAsked, auto.inScope));
    add(shape, 'off-topic played', rate(auto.offTopicPlayed, auto.offTopic));
  }
  for (const result of summary.storyfile) {
    const auto = autoCounts(result.decisions);
    if (result.scoring !== 'combined' || result.answers !== 30 || !auto) {
      continue;
    }
    const shape = `${result.dataset}, 30 answers`;
    add(
      shape,
      'right played / off-topic played',
      `${rate(auto.rightPlayed, auto.inScope)} / ${rate(auto.offTopicPlayed, auto.offTopic)}`,
    );
    add(shape, 'best match (closed set)', rate(result.closedRight, result.inScope));
  }
  for (const result of summary.partial) {
    const counts = result.recordedAnswers.policy;
    add(
      `development benchmark, ${result.recorded} of ${result.answers} recorded`,
      'right played / right played or offered',
      `${rate(counts.rightPlayed, counts.inScope)} / ${rate(counts.rightPlayedOrOffered, counts.inScope)}`,
    );
  }
  if (summary.learning) {
    const { before, after } = summary.learning;
    add(
      'learning simulation, second half',
      'right played: before / after the first half taught',
      `${formatRate(before.rightPlayed)} / ${formatRate(after.rightPlayed)}`,
    );
    add(
      'learning simulation, second half',
      'best match: before / after',
      `${formatRate(before.bestMatch)} / ${formatRate(after.bestMatch)}`,
    );
  }
  add(
    'cost',
    'a question embedded alone, p50 ms',
    summary.questionMs === null ? '—' : summary.questionMs.toFixed(1),
  );
  return rows;
}

/** The models side by side: one row per figure and model, the models of a figure together. */
export function printModelsSideBySide(summaries: readonly ModelSummary[]): void {
  const byModel = summaries.map(rowsOf);
  const rows: string[][] = [];
  const longest = Math.max(...byModel.map((each) => each.length));
  for (let i = 0; i < longest; i++) {
    for (const modelRows of byModel) {
      const row = modelRows[i];
      if (row) {
        rows.push(row);
      }
    }
  }
  console.log(
    '\nsentence models side by side (each with its own tuning; policy at its automatic point):\n',
  );
  printTable(['model', 'shape', 'figure', 'value'], rows);
}
