import type { FastifyInstance } from 'fastify';
import type { TextEmbedder } from '@conversa/embeddings';
import type { Embedder } from '@conversa/matching';
import type pg from 'pg';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import type { SpeechGateway } from '../modules/speech/index.ts';
import type { MediaRuntime } from './media-runtime.ts';

export interface AppOptions {
  config: Config;
  db: Database;
  /** Extra routes to register (tests use it to prove the permission guard). */
  registerExtraRoutes?: (app: FastifyInstance) => void;
  /** Uploads, media and avatars; without it those routes are absent. */
  media?: { runtime: MediaRuntime; pool: pg.Pool };
  /** The built web console to serve; default: apps/web/dist found above this file. */
  webDist?: string;
  /**
   * A synchronous sentence-embedding seam for the answer matcher (`@conversa/matching`'s), used by
   * every storyfile's matcher and by Response quality's clustering (tests with a toy model).
   */
  embedder?: Embedder;
  /**
   * The sentence model (`@conversa/embeddings`: USE lite in a worker, or an external service);
   * `startStudio` passes the configured one (MATCHER_EMBEDDER, EMBEDDINGS_URL). None by default, so
   * a test app answers by words alone unless the test opts in.
   */
  textEmbedder?: TextEmbedder;
  /** The speech2text gateway; default: built from `config.speech` (pocketsphinx unless configured). */
  speech?: SpeechGateway;
}
