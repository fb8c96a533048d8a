// The training bench's data: 100,000 logged exchanges, a script of 2,000 answers and 2,000
// custom categories, seeded the same on every run.

import type pg from 'pg';
import { normalizeQuestionText } from '@conversa/contracts';
import { normalizeText } from '@conversa/matching';
import type { TestBrowser } from '../../test/studio.ts';
import { call } from '../support.ts';

export const EXCHANGES = 100_000;
export const UNMATCHED = 10_000;
const CONVERSATIONS = 2_000;
export const BIG_SCRIPT_ANSWERS = 2_000;
export const CATEGORIES = 2_000;
export const PHRASES_PER_CATEGORY = 5;

// Words of the unmatched questions: 40 × 25 × 8 frames give ~8,000 possible phrasings, of which
// the 10,000 questions use a few thousand, in families a reviewer would group.
const TOPICS = `career garden childhood village harbor violin kitchen workshop orchard island
  glacier prairie canyon lantern compass bakery railway factory theatre museum festival wedding
  winter summer football chess painting sailing fishing hiking teaching nursing farming mining
  weaving pottery printing radio cinema music`
  .split(/\s+/)
  .filter(Boolean);
const DETAILS = `first last best worst early late old new big small happy sad strange funny
  quiet loud long short favourite hardest easiest proudest scariest busiest oddest`
  .split(/\s+/)
  .filter(Boolean);
const FRAMES = [
  (topic: string, detail: string) => `tell me about your ${detail} ${topic} memory`,
  (topic: string, detail: string) => `what was the ${detail} thing about the ${topic}`,
  (topic: string, detail: string) => `how did the ${topic} change your ${detail} days`,
  (topic: string, detail: string) => `do you remember the ${detail} ${topic}`,
  (topic: string, detail: string) => `why was the ${topic} so ${detail}`,
  (topic: string, detail: string) => `who taught you the ${detail} ${topic}`,
  (topic: string, detail: string) => `when did the ${topic} feel ${detail}`,
  (topic: string, detail: string) => `where was your ${detail} ${topic}`,
];

/** A deterministic pseudo-random sequence, so every run seeds the same data. */
function createRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** 100,000 exchanges on the storyfile: answered ones on its answers, 10,000 open unmatched ones. */
export async function seedExchanges(client: pg.PoolClient, storyfileId: string): Promise<void> {
  const random = createRandom(14);
  const answers = await client.query<{ id: string; text: string }>(
    'select id, text from storyfile_questions where storyfile_id = $1 order by position',
    [storyfileId],
  );
  const conversations = await client.query<{ id: string }>(
    `insert into conversations (storyfile_id, channel, visitor_key, started_at, last_at)
     select $1, (array['studio','share','embed'])[1 + g % 3], 'visitor:bench-' || g,
       now() - (g % 60) * interval '1 day', now() - (g % 60) * interval '1 day'
     from generate_series(1, ${CONVERSATIONS}) g returning id`,
    [storyfileId],
  );
  const conversationIds = conversations.rows.map((row) => row.id);
  const BATCH = 5_000;
  for (let start = 0; start < EXCHANGES; start += BATCH) {
    const columns: Record<string, unknown[]> = {
      conversation: [],
      question: [],
      normalized: [],
      decision: [],
      reason: [],
      answer: [],
      answerText: [],
      score: [],
      confidence: [],
      candidates: [],
      margin: [],
      feedback: [],
      channel: [],
      inputMode: [],
      ageMinutes: [],
    };
    for (let index = start; index < Math.min(EXCHANGES, start + BATCH); index += 1) {
      const isUnmatched = index % (EXCHANGES / UNMATCHED) === 0;
      const answer = answers.rows[Math.floor(random() * answers.rows.length)]!;
      const other = answers.rows[Math.floor(random() * answers.rows.length)]!;
      const question = isUnmatched
        ? FRAMES[Math.floor(random() * FRAMES.length)]!(
            TOPICS[Math.floor(random() * TOPICS.length)]!,
            DETAILS[Math.floor(random() * DETAILS.length)]!,
          )
        : answer.text;
      const score = isUnmatched ? 0.05 + random() * 0.2 : 0.5 + random() * 0.5;
      const second = Math.max(0, score - random() * 0.3);
      columns.conversation!.push(conversationIds[index % conversationIds.length]);
      columns.question!.push(question);
      columns.normalized!.push(normalizeText(question));
      columns.decision!.push(isUnmatched ? 'fallback' : 'answered');
      columns.reason!.push(isUnmatched ? 'off-topic' : null);
      columns.answer!.push(isUnmatched ? null : answer.id);
      columns.answerText!.push(isUnmatched ? null : answer.text);
      columns.score!.push(score);
      columns.confidence!.push(isUnmatched ? 'off-topic' : score > 0.9 ? 'exact' : 'paraphrase');
      columns.candidates!.push(
        JSON.stringify([
          { questionId: answer.id, questionText: answer.text, score },
          { questionId: other.id, questionText: other.text, score: second },
        ]),
      );
      columns.margin!.push(score - second);
      columns.feedback!.push(random() < 0.02 ? (random() < 0.5 ? 'up' : 'down') : null);
      columns.channel!.push(['studio', 'share', 'embed'][index % 3]);
      columns.inputMode!.push(random() < 0.2 ? 'spoken' : 'typed');
      // Unmatched questions within the 90 days clustering reads; the rest over 120 days.
      columns.ageMinutes!.push(Math.floor(random() * (isUnmatched ? 80 : 120) * 24 * 60));
    }
    await client.query(
      `insert into chat_log_entries (conversation_id, storyfile_id, channel, question_text,
         input_mode, decision, fallback_reason, answer_question_id, answer_question_text,
         matched_question_id, matched_question_text, score, confidence, normalized_text,
         top_candidates, top_margin, review_state, feedback, created_at)
       select t.c, $1, t.ch, t.q, t.im, t.d, t.r, t.a, t.at, t.a, t.at, t.s, t.cf, t.n,
         t.tc::jsonb, t.m, 'new', t.f, now() - make_interval(mins => t.age)
       from unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
         $8::uuid[], $9::text[], $10::float8[], $11::text[], $12::text[], $13::float8[],
         $14::text[], $15::int[], $16::text[])
         as t(c, ch, q, im, d, r, a, at, s, cf, tc, m, f, age, n)`,
      [
        storyfileId,
        columns.conversation,
        columns.channel,
        columns.question,
        columns.inputMode,
        columns.decision,
        columns.reason,
        columns.answer,
        columns.answerText,
        columns.score,
        columns.confidence,
        columns.candidates,
        columns.margin,
        columns.feedback,
        columns.ageMinutes,
        columns.normalized,
      ],
    );
  }
}

/** A storyfile of 2,000 answers (script rows written directly) in the bench namespace. */
export async function seedBigScript(
  client: pg.PoolClient,
  browser: TestBrowser,
  namespaceId: string,
): Promise<{ id: string; questionIds: string[] }> {
  const storyfile = await call<{ id: string }>(browser, 'POST', '/v1/conversa/storyfiles', {
    namespaceId,
    name: 'A script of 2,000 answers',
  });
  const topic = await call<{ id: string }>(
    browser,
    'POST',
    `/v1/conversa/storyfiles/${storyfile.id}/topics`,
    { name: 'Everything' },
  );
  const texts: string[] = [];
  const alternates: string[] = [];
  for (let index = 0; texts.length < BIG_SCRIPT_ANSWERS; index += 1) {
    const topicWord = TOPICS[index % TOPICS.length]!;
    const detail = DETAILS[Math.floor(index / TOPICS.length) % DETAILS.length]!;
    const frame = Math.floor(index / (TOPICS.length * DETAILS.length));
    texts.push(`${['What', 'Why', 'How', 'When'][frame]} was the ${detail} ${topicWord} ${index}?`);
    alternates.push(`Tell me the ${detail} ${topicWord} story number ${index}`);
  }
  const inserted = await client.query<{ id: string }>(
    `insert into storyfile_questions (storyfile_id, storyfile_topic_id, text, text_key, alternates, position)
     select $1, $2, t.text, t.key, array[t.alternate], t.position
     from unnest($3::text[], $4::text[], $5::text[], $6::int[]) as t(text, key, alternate, position)
     returning id`,
    [
      storyfile.id,
      topic.id,
      texts,
      texts.map(normalizeQuestionText),
      alternates,
      texts.map((_, index) => index),
    ],
  );
  return { id: storyfile.id, questionIds: inserted.rows.map((row) => row.id) };
}

/**
 * 2,000 categories of 5 phrases in the namespace (10,000 phrases). One phrase of each, "<detail>
 * <topic>", is in the 2,000-answer script and in some logged questions; the other four are in
 * none, as most synonyms are in none most of the time.
 */
export async function seedCategories(client: pg.PoolClient, namespaceId: string): Promise<void> {
  const names: string[] = [];
  const phrases: string[] = [];
  const normalized: string[] = [];
  for (let index = 0; index < CATEGORIES; index += 1) {
    const topic = TOPICS[index % TOPICS.length]!;
    const detail = DETAILS[Math.floor(index / TOPICS.length) % DETAILS.length]!;
    const own = [
      `${detail} ${topic}`,
      `${topic} kind ${index}`,
      `${detail}${index}`,
      `synonym ${index} of ${topic}`,
      `alias${index}`,
    ].slice(0, PHRASES_PER_CATEGORY);
    names.push(`${topic} ${String(index).padStart(4, '0')}`);
    phrases.push(JSON.stringify(own));
    normalized.push(JSON.stringify(own.map((phrase) => normalizeText(phrase))));
  }
  await client.query(
    `insert into custom_categories (namespace_id, name, phrases, normalized_phrases)
     select $1, t.name, array(select jsonb_array_elements_text(t.phrases::jsonb)),
       array(select jsonb_array_elements_text(t.normalized::jsonb))
     from unnest($2::text[], $3::text[], $4::text[]) as t(name, phrases, normalized)`,
    [namespaceId, names, phrases, normalized],
  );
}
