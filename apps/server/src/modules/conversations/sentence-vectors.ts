import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  createVectorStore,
  type EmbedderStatus,
  type TextEmbedder,
  type VectorStore,
} from '@conversa/embeddings';
import { OFF_TOPIC_QUESTIONS, type Embedder } from '@conversa/matching';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { sentenceVectors } from './conversations.tables.ts';
import { createQuestionBreaker, type DegradedReport } from './question-breaker.ts';

/**
 * How long a visitor's question waits for its vector before it is answered lexically
 * (all-MiniLM-L6-v2 takes about 5 ms for one question, USE lite 10-50 ms; an external service has
 * its own timeout on top). After `SLOW_QUESTIONS_TO_TRIP` misses in a row, questions stop waiting
 * until the model answers one in time again (`question-breaker.ts`).
 */
export const QUESTION_VECTOR_WAIT_MS = 2_000;
/** Phrasings read from or written to `sentence_vectors` per statement. */
const STORE_BATCH = 500;

export interface EmbedderReport {
  /** `all-minilm-l6-v2`, `use-lite`, `http:<model>`, or `none`. */
  id: string;
  label: string;
  /**
   * `degraded`: loaded, but too slow for visitors' questions (issue 67): they are answered by
   * words without waiting, and the model is tried again in the background.
   */
  status: EmbedderStatus | 'degraded' | 'none';
  /** While degraded: since when, and how many questions missed the bound. */
  degraded: DegradedReport | null;
  /** Questions whose vector missed the bound since the process started. */
  slowQuestions: number;
}

/**
 * The process's sentence vectors for the matcher: the model (in its worker or behind its URL), an
 * in-memory store of vectors the matchers read synchronously, and `sentence_vectors` in PostgreSQL
 * so that no phrasing is embedded twice across restarts and replicas.
 */
export interface SentenceVectors {
  /** The matcher seam (`createMatcher({ embedder })`): a lookup, never a computation. */
  readonly matcherEmbedder: Embedder;
  readonly store: VectorStore;
  report(): EmbedderReport;
  /**
   * Makes sure a visitor's question has its vector (cached, else embedded ahead of any batch).
   * Never throws: on a failure or after `QUESTION_VECTOR_WAIT_MS` the question is answered
   * lexically, and the failure is logged once until the embedder answers again.
   */
  prepareQuestion(text: string): Promise<void>;
  /** `prepareQuestion` for several texts at once, embedded in one batch (a spoken question's readings). */
  prepareQuestions(texts: readonly string[]): Promise<void>;
  /**
   * Vectors for phrasings (a script's questions and alternates): read back from PostgreSQL, the
   * rest embedded in batches and stored. Resolves when all are in the store (or the embedder
   * failed: logged once). Concurrent calls for the same texts share the work.
   */
  preparePhrasings(texts: readonly string[]): Promise<void>;
  /**
   * Stores in `sentence_vectors` the vectors of `texts` this process holds (a visitor's question,
   * embedded when it was asked), so every replica reads them back; the rest are made in the
   * background. What a storyfile learns by meaning reads them (`learned-labels.ts`). Never throws.
   */
  keepVectors(texts: readonly string[]): Promise<void>;
  /**
   * The vectors of `texts` (trimmed) from the store, else read back from PostgreSQL (the store
   * keeps the most recently used, `capacity`); embeds nothing: a text never embedded has none.
   * What a scorer thread is sent is taken from them, so that a storyfile asked again after its
   * vectors left the store is not built (and trained) by words alone.
   */
  readBack(texts: readonly string[]): Promise<Map<string, Float32Array>>;
}

export interface SentenceVectorsOptions {
  /** Vectors kept in memory besides the pinned off-topic ones (`DEFAULT_VECTOR_CAPACITY`). */
  capacity?: number;
}

/** A bytea as node-postgres hands it (a Buffer), whatever drizzle's column mapping. */
function toBuffer(value: unknown): Buffer {
  return Buffer.isBuffer(value) ? value : Buffer.from(String(value).replace(/^\\x/, ''), 'hex');
}

/**
 * A one-dimensional `real[]` without nulls in PostgreSQL's binary array form: dimensions, a
 * null flag, the element type and, per dimension, its size and lower bound; then each element's
 * length (4) and big-endian bytes.
 */
function readFloat4Array(bytes: Buffer): Float32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const dimensions = view.getInt32(0);
  if (dimensions === 0) {
    return new Float32Array(0);
  }
  if (dimensions !== 1 || view.getInt32(4) !== 0) {
    throw new Error('a stored sentence vector is not a one-dimensional array without nulls');
  }
  const length = view.getInt32(12);
  const vector = new Float32Array(length);
  for (let i = 0, at = 20; i < length; i++, at += 8) {
    vector[i] = view.getFloat32(at + 4);
  }
  return vector;
}

function hashText(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function createSentenceVectors(
  db: Database,
  embedder: TextEmbedder,
  logger?: Pick<FastifyBaseLogger, 'warn'>,
  options: SentenceVectorsOptions = {},
): SentenceVectors {
  const store = createVectorStore(
    embedder,
    options.capacity === undefined ? {} : { capacity: options.capacity },
  );
  store.pin(OFF_TOPIC_QUESTIONS);
  let isFailing = false;
  const breaker = createQuestionBreaker({
    waitMs: QUESTION_VECTOR_WAIT_MS,
    onOpen: (slowInRow) =>
      logger?.warn(
        `sentence model ${embedder.id} too slow: ${slowInRow} questions in a row waited ${QUESTION_VECTOR_WAIT_MS} ms for their vector; answering by words without waiting until it answers one in time`,
      ),
    onClose: (degraded) =>
      logger?.warn(
        `sentence model ${embedder.id} answers in time again (slow since ${degraded.since}, ${degraded.slowQuestions} questions)`,
      ),
  });

  function noteFailure(error: unknown): void {
    if (!isFailing) {
      isFailing = true;
      const reason = error instanceof Error ? error.message : String(error);
      logger?.warn(`sentence embedder ${embedder.id} failed, answering lexically: ${reason}`);
    }
  }

  /** Reads the stored vectors of `texts` into the store (and `found`). */
  async function readStored(
    texts: readonly string[],
    found: Map<string, Float32Array>,
  ): Promise<void> {
    for (let start = 0; start < texts.length; start += STORE_BATCH) {
      const chunk = texts.slice(start, start + STORE_BATCH);
      // The array in PostgreSQL's binary form (`array_send`), read here: node-postgres's generic
      // array parser took 160 ms for a 300-answer storyfile's 618 vectors of 512
      // (bench:storyfiles --read-back).
      const rows = await db
        .select({
          text: sentenceVectors.text,
          vector: sql<Buffer>`array_send(${sentenceVectors.vector})`.mapWith(toBuffer),
        })
        .from(sentenceVectors)
        .where(
          and(
            eq(sentenceVectors.model, embedder.id),
            inArray(sentenceVectors.textHash, chunk.map(hashText)),
          ),
        );
      for (const row of rows) {
        const vector = readFloat4Array(row.vector);
        store.put(row.text, vector);
        found.set(row.text, vector);
      }
    }
  }

  async function writeStored(computed: Map<string, Float32Array>): Promise<void> {
    const rows = [...computed].map(([text, vector]) => ({
      model: embedder.id,
      textHash: hashText(text),
      text,
      vector: Array.from(vector),
    }));
    for (let start = 0; start < rows.length; start += STORE_BATCH) {
      await db
        .insert(sentenceVectors)
        .values(rows.slice(start, start + STORE_BATCH))
        .onConflictDoNothing();
    }
  }

  /** The vectors of `texts` (trimmed) in the store or read back from PostgreSQL into it. */
  async function readBack(texts: readonly string[]): Promise<Map<string, Float32Array>> {
    const found = new Map<string, Float32Array>();
    const missing: string[] = [];
    for (const text of new Set(texts.map((each) => each.trim()).filter((each) => each !== ''))) {
      const vector = store.peek(text);
      if (vector) {
        found.set(text, vector);
      } else {
        missing.push(text);
      }
    }
    if (missing.length > 0) {
      await readStored(missing, found);
    }
    return found;
  }

  async function preparePhrasings(texts: readonly string[]): Promise<void> {
    const found = await readBack(texts);
    const missing = [...new Set(texts.map((text) => text.trim()))].filter(
      (text) => text !== '' && !found.has(text),
    );
    if (missing.length === 0 || embedder.status() === 'failed') {
      return;
    }
    try {
      await embedder.ready();
      const computed = await store.ensure(missing, { priority: 'batch' });
      isFailing = false;
      await writeStored(computed);
    } catch (error) {
      noteFailure(error);
    }
  }

  async function prepareQuestions(texts: readonly string[]): Promise<void> {
    const keys = [...new Set(texts.map((text) => text.trim()))].filter(
      (key) => key !== '' && !store.peek(key),
    );
    if (keys.length === 0 || embedder.status() !== 'ready') {
      return;
    }
    if (breaker.isOpen()) {
      // Answered by words at once; the model is tried with this question in the background.
      breaker.probe(() => store.ensure(keys, { priority: 'question' }));
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    let isSlow = false;
    try {
      await Promise.race([
        store.ensure(keys, { priority: 'question' }),
        new Promise((_, reject) => {
          timer = setTimeout(() => {
            isSlow = true;
            reject(new Error(`no vector within ${QUESTION_VECTOR_WAIT_MS} ms`));
          }, QUESTION_VECTOR_WAIT_MS);
        }),
      ]);
      isFailing = false;
      breaker.noteInTime();
    } catch (error) {
      if (isSlow) {
        breaker.noteSlow();
      }
      noteFailure(error);
    } finally {
      clearTimeout(timer);
    }
  }

  async function keepVectors(texts: readonly string[]): Promise<void> {
    const held = new Map<string, Float32Array>();
    const missing: string[] = [];
    for (const text of new Set(texts.map((each) => each.trim()).filter((each) => each !== ''))) {
      const vector = store.peek(text);
      if (vector) {
        held.set(text, vector);
      } else {
        missing.push(text);
      }
    }
    try {
      await writeStored(held);
    } catch {
      // Read back later, or made again by `preparePhrasings` where it is missing.
    }
    if (missing.length > 0) {
      preparePhrasings(missing).catch(() => undefined);
    }
  }

  return {
    matcherEmbedder: store.matcherEmbedder,
    store,
    report: () => {
      const status = embedder.status();
      const degraded = status === 'ready' ? breaker.report() : null;
      return {
        id: embedder.id,
        label: embedder.label,
        status: degraded ? 'degraded' : status,
        degraded,
        slowQuestions: breaker.slowQuestionsTotal(),
      };
    },
    prepareQuestion(text) {
      return prepareQuestions([text]);
    },
    prepareQuestions,
    preparePhrasings,
    keepVectors,
    readBack,
  };
}
