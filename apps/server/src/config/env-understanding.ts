// Understanding and reporting: the matcher's sentence model, spoken questions' recognizer, and the
// Learning Record Store of xAPI statements.
import { z } from 'zod';
import { optionalString, optionalUrl } from './env-fields.ts';

/** Variables of this area, composed into the one schema of `env.ts`; a comment per variable. */
export const understandingEnvShape = {
  /**
   * The answer matcher's sentence model: `all-minilm-l6-v2` (all-MiniLM-L6-v2 as ONNX in a worker
   * thread, shipped in the repository: the default), `use-lite` (USE lite, the model before it) or
   * `none` (lexical matching alone). EMBEDDINGS_URL, when set, replaces it with an external one.
   */
  MATCHER_EMBEDDER: z
    .enum(['all-minilm-l6-v2', 'use-lite', 'none'], {
      message: 'MATCHER_EMBEDDER must be all-minilm-l6-v2, use-lite or none',
    })
    .default('all-minilm-l6-v2'),
  /**
   * Threads that score visitors' questions against the storyfiles' matchers, off the event loop;
   * unset = the machine's cores, 0 = score on the event loop (one core for the whole studio).
   */
  MATCHER_WORKERS: z.coerce.number().int().min(0).max(64).optional(),
  /**
   * Seconds a scorer thread may take for one ask before it is replaced and the ask is scored by
   * another (a second failure answers 503: the studio is too busy). It bounds a hung thread: the
   * first ask of a storyfile in a thread also builds its matcher and chooses its threshold (seconds
   * for 400 answers with transcripts, more on a loaded machine).
   */
  MATCHER_WORKER_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(60),
  /**
   * Megabytes the storyfiles' matchers kept in memory may take (estimated from their texts,
   * vectors and classifier), shared equally by the server's matcher cache and each scorer thread;
   * the least recently asked storyfile goes first and loads back from PostgreSQL on its next ask.
   * 0 keeps only the storyfile being asked in each.
   */
  MATCHER_CACHE_MB: z.coerce
    .number({ message: 'MATCHER_CACHE_MB must be a number of megabytes, e.g. 4096' })
    .int('MATCHER_CACHE_MB must be a whole number of megabytes, e.g. 4096')
    .min(
      0,
      'MATCHER_CACHE_MB must be 0 or more (megabytes; 0 keeps only the storyfile being asked)',
    )
    .max(1_048_576, 'MATCHER_CACHE_MB must be at most 1048576 (megabytes, 1 TiB)')
    .default(4096),
  /**
   * Seconds between two reads of a storyfile's chat log for what its visitors asked (issue 50):
   * from 100 distinct questions on, its matcher weighs words and answers by them, and takes the
   * log again when a quarter of it is new (a new calibration). 0 reads it at every ask.
   */
  MATCHER_VISITOR_LOG_SECONDS: z.coerce
    .number({ message: 'MATCHER_VISITOR_LOG_SECONDS must be a number of seconds, e.g. 300' })
    .min(0, 'MATCHER_VISITOR_LOG_SECONDS must be 0 or more (seconds; 0 reads it at every ask)')
    .max(86_400, 'MATCHER_VISITOR_LOG_SECONDS must be at most 86400 (a day)')
    .default(300),
  /** An external `POST /v1/embeddings` service (its endpoint, or a base it is under). */
  EMBEDDINGS_URL: optionalUrl,
  /** The `model` the external service is asked for (required with EMBEDDINGS_URL). */
  EMBEDDINGS_MODEL: optionalString,
  /** Sent to the external service as `Authorization: Bearer <key>`. */
  EMBEDDINGS_API_KEY: optionalString,
  /** Recognitions (spoken questions) run at once per process; unset = the machine's cores. */
  SPEECH_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  /**
   * Embedded recognizers kept running per process with a storyfile's models loaded, waiting for
   * its next spoken question (0: one started per question).
   */
  SPEECH_WARM_DECODERS: z.coerce.number().int().min(0).max(64).default(4),
  /**
   * The embedded recognizer of spoken questions and answer drafts: `whisper` (OpenAI's Whisper
   * tiny.en, shipped as ONNX, with pocketsphinx serving when it cannot load) or `pocketsphinx`.
   */
  SPEECH_RECOGNIZER: z
    .enum(['whisper', 'pocketsphinx'], {
      message: 'SPEECH_RECOGNIZER must be whisper or pocketsphinx',
    })
    .default('whisper'),
  /**
   * The window Whisper encodes for a spoken question: `full` (its 30 s, the recording padded
   * with silence, as it was trained) or `fit` (the recording and 1 s: a fraction of the work).
   */
  SPEECH_WHISPER_WINDOW: z
    .enum(['full', 'fit'], { message: 'SPEECH_WHISPER_WINDOW must be full or fit' })
    .default('fit'),
  /**
   * What Whisper is told of the storyfile before a spoken question: `words` (its custom words)
   * or `script` (its phrasings as sentences, then its custom words).
   */
  SPEECH_WHISPER_PROMPT: z
    .enum(['words', 'script'], { message: 'SPEECH_WHISPER_PROMPT must be words or script' })
    .default('script'),
  /** Beams Whisper searches for a spoken question; their distinct results are its readings. */
  SPEECH_WHISPER_BEAMS: z.coerce.number().int().min(1).max(8).default(3),
  /**
   * An external speech-to-text server speaking `POST /v1/audio/transcriptions` (whisper.cpp's
   * server, faster-whisper servers, ...): its base URL; unset = the embedded pocketsphinx.
   */
  SPEECH_TO_TEXT_URL: optionalUrl,
  /** The `model` field sent to the external server. */
  SPEECH_TO_TEXT_MODEL: z.string().trim().min(1).default('whisper-1'),
  /** Bearer key of the external server, when it wants one. */
  SPEECH_TO_TEXT_API_KEY: optionalString,
  /** Seconds the external server may take for one recording before the visitor is told. */
  SPEECH_TO_TEXT_TIMEOUT_SECONDS: z.coerce.number().min(1).max(300).default(20),
  /**
   * Answers an author saved or approved before the embedded recognizer is first adapted to the
   * storyfile's speaker and its other drafts redone (issue 52); 0 never adapts.
   */
  SPEAKER_ADAPTATION_FIRST: z.coerce.number().int().min(0).max(10_000).default(5),
  /** Further corrected answers between one adaptation to the speaker and the next. */
  SPEAKER_ADAPTATION_EVERY: z.coerce.number().int().min(1).max(10_000).default(20),
  /**
   * Learning Record Store that receives the learning module's xAPI statements (its base URL;
   * statements go to `<XAPI_ENDPOINT>/statements`); unset = statements are only served by the API.
   */
  XAPI_ENDPOINT: optionalUrl,
  /** Authorization header value for the LRS, e.g. `Basic <base64 key:secret>`. */
  XAPI_AUTH: optionalString,
  /**
   * Days a statement the LRS took stays in the outbox before maintenance deletes it (its id is
   * derived from what it reports, so one queued again later is sent again and the LRS keeps one).
   */
  XAPI_OUTBOX_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
};
