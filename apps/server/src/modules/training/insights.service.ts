import { sql } from 'drizzle-orm';
import {
  CALIBRATION_CURVE_STEP,
  COVERAGE_DAYS,
  MAX_SPEECH_HINTS,
  MIN_CALIBRATION_PER_KIND,
  MIN_CALIBRATION_REVIEWED,
  type CoverageHistory,
  type LoggedCandidate,
  type SpeechHints,
  type ThresholdCalibration,
  type ThresholdPoint,
  type WordSuggestionList,
} from '@conversa/contracts';
import {
  calibrateThreshold,
  evaluateThreshold,
  type CalibrationSample,
  type ThresholdOutcome,
} from '@conversa/matching';
import type { Database } from '../../db/client.ts';
import type { MediaStore } from '../../media/media-store.ts';
import { isAnswerRecorded, readStoryfileCaptionTexts } from '../media/index.ts';
import { getTrainedStoryfileMatcher, type ConversationEngine } from '../conversations/index.ts';
import { suggestWords } from './word-suggestions.ts';
import { chatLogEntries } from '../conversations/conversations.tables.ts';
import { storyfileQuestions, storyfiles } from '../storyfiles/storyfiles.tables.ts';

function toPoint(outcome: ThresholdOutcome): ThresholdPoint {
  return {
    threshold: Math.round(outcome.threshold * 1e4) / 1e4,
    inScopeAccuracy: outcome.inScopeAccuracy,
    oosRecall: outcome.oosRecall,
  };
}

/**
 * The reviewed exchanges as calibration samples, scored as the matcher scored them when they were
 * asked (after a correction the same question scores 1 against its new alternate, which says
 * nothing about the threshold). A reviewed answer (`correct`) is in scope, its top candidate right
 * when it was the answer the reviewer chose; an "out of scope" mark is out of scope. Undone
 * changes do not count; an exchange acted on twice counts by its latest change.
 */
export async function loadCalibrationSamples(
  db: Database,
  storyfileId: string,
): Promise<CalibrationSample[]> {
  const result = await db.execute<{
    kind: 'correct' | 'out-of-scope';
    question_id: string | null;
    top_candidates: LoggedCandidate[];
  }>(sql`
    select distinct on (e.id) a.kind, a.question_id, e.top_candidates
    from training_actions a
    join ${chatLogEntries} e on e.id = any(a.entry_ids) and e.storyfile_id = a.storyfile_id
    where a.storyfile_id = ${storyfileId} and a.undone_at is null
      and a.kind in ('correct', 'out-of-scope')
    order by e.id, a.created_at desc`);
  return result.rows.map((row) => {
    const top = row.top_candidates[0];
    return {
      score: top?.score ?? 0,
      isOutOfScope: row.kind === 'out-of-scope',
      isTopCorrect:
        row.kind === 'correct' && top !== undefined && top.questionId === row.question_id,
    };
  });
}

/** The calibrated-threshold offer and its trade-off curve. */
export async function getThresholdCalibration(
  engine: ConversationEngine,
  storyfileId: string,
): Promise<ThresholdCalibration> {
  const [samples, { matcher }] = await Promise.all([
    loadCalibrationSamples(engine.db, storyfileId),
    getTrainedStoryfileMatcher(engine, storyfileId),
  ]);
  const report = matcher.getThresholdReport();
  const outOfScopeCount = samples.filter((sample) => sample.isOutOfScope).length;
  const inScopeCount = samples.length - outOfScopeCount;
  const isReady =
    samples.length >= MIN_CALIBRATION_REVIEWED &&
    inScopeCount >= MIN_CALIBRATION_PER_KIND &&
    outOfScopeCount >= MIN_CALIBRATION_PER_KIND;
  const steps = Math.round(1 / CALIBRATION_CURVE_STEP);
  const curve = Array.from({ length: steps + 1 }, (_, index) =>
    toPoint(evaluateThreshold(samples, index / steps)),
  );
  return {
    storyfileId,
    reviewedCount: samples.length,
    inScopeCount,
    outOfScopeCount,
    isReady,
    currentThreshold: report.threshold,
    isThresholdAutomatic: report.source !== 'explicit',
    current: toPoint(evaluateThreshold(samples, report.threshold)),
    suggested: isReady
      ? toPoint(calibrateThreshold(samples, { fallbackThreshold: report.threshold }))
      : null,
    curve,
  };
}

/** Asked, answered and fallen back per UTC day, the last `COVERAGE_DAYS` days (empty days as 0). */
export async function getCoverageHistory(
  db: Database,
  storyfileId: string,
): Promise<CoverageHistory> {
  const result = await db.execute<{
    date: string;
    asked: number;
    answered: number;
    fell_back: number;
  }>(sql`
    with days as (
      select generate_series((now() at time zone 'utc')::date - ${COVERAGE_DAYS - 1}::int,
        (now() at time zone 'utc')::date, interval '1 day')::date as day)
    select to_char(d.day, 'YYYY-MM-DD') as date, count(e.id)::int as asked,
      count(e.id) filter (where e.decision = 'answered')::int as answered,
      count(e.id) filter (where e.decision = 'fallback')::int as fell_back
    from days d
    left join ${chatLogEntries} e on e.storyfile_id = ${storyfileId}
      and e.created_at >= d.day::timestamp at time zone 'utc'
      and e.created_at < (d.day + 1)::timestamp at time zone 'utc'
    group by d.day order by d.day`);
  return {
    storyfileId,
    days: result.rows.map((row) => ({
      date: row.date,
      asked: row.asked,
      answered: row.answered,
      fellBack: row.fell_back,
    })),
  };
}

/** Spoken questions that fell back, read for suggestions (the most recent). */
const UNMATCHED_SPOKEN_LIMIT = 5_000;

/**
 * Candidate custom words from the storyfile's script, its videos' captions (when the studio has a
 * media store) and its unmatched spoken questions.
 */
export async function listWordSuggestions(
  db: Database,
  storyfileId: string,
  mediaStore: MediaStore | undefined,
): Promise<WordSuggestionList> {
  const [phrasings, unmatched, known, captions] = await Promise.all([
    db.execute<{ text: string }>(sql`
      select unnest(array_prepend(q.text, q.alternates)) as text
      from ${storyfileQuestions} q where q.storyfile_id = ${storyfileId}`),
    db.execute<{ text: string }>(sql`
      select question_text as text from ${chatLogEntries}
      where storyfile_id = ${storyfileId} and input_mode = 'spoken' and decision = 'fallback'
        and question_text <> ''
      order by created_at desc limit ${UNMATCHED_SPOKEN_LIMIT}`),
    db.execute<{ text: string }>(sql`
      select unnest(array_prepend(w.term, w.heard_as)) as text
      from custom_words w join ${storyfiles} s on s.namespace_id = w.namespace_id
      where s.id = ${storyfileId}`),
    mediaStore ? readStoryfileCaptionTexts(db, mediaStore, storyfileId) : [],
  ]);
  return {
    items: suggestWords({
      phrasings: phrasings.rows.map((row) => row.text),
      captions: captions.map((video) => video.cues.join(' ')),
      unmatchedSpoken: unmatched.rows.map((row) => row.text),
      knownTerms: known.rows.map((row) => row.text),
    }),
  };
}

/** The namespace's custom words as the recognizer should expect them (display form first). */
export async function getSpeechHints(db: Database, storyfileId: string): Promise<SpeechHints> {
  const result = await db.execute<{ term: string }>(sql`
    select coalesce(nullif(w.display_form, ''), w.term) as term
    from custom_words w join ${storyfiles} s on s.namespace_id = w.namespace_id
    where s.id = ${storyfileId}
    order by lower(w.term) limit ${MAX_SPEECH_HINTS}`);
  return { terms: result.rows.map((row) => row.term) };
}

/**
 * A published storyfile's hints for its visitors' recognizer: of the namespace's custom words,
 * only those its recorded questions use (in their text or an alternate, as a whole word, in any
 * case; an unrecorded question is the author's checklist, issue 67 item 3), not the whole
 * namespace's, unpublished storyfiles' included (issue 43).
 */
export async function getPublicSpeechHints(
  db: Database,
  storyfileId: string,
): Promise<SpeechHints> {
  const result = await db.execute<{ term: string }>(sql`
    select coalesce(nullif(w.display_form, ''), w.term) as term
    from custom_words w join ${storyfiles} s on s.namespace_id = w.namespace_id
    where s.id = ${storyfileId}
      and exists (
        select 1 from ${storyfileQuestions} q, unnest(array[q.text] || q.alternates) as phrasing
        where q.storyfile_id = s.id and ${isAnswerRecorded(sql`q.id`)}
          and position(
            ' ' || trim(regexp_replace(lower(w.term), '[^[:alnum:]]+', ' ', 'g')) || ' '
            in ' ' || regexp_replace(lower(phrasing), '[^[:alnum:]]+', ' ', 'g') || ' '
          ) > 0)
    order by lower(w.term) limit ${MAX_SPEECH_HINTS}`);
  return { terms: result.rows.map((row) => row.term) };
}
