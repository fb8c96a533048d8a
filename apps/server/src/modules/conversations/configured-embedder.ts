import { createHttpEmbedder, getUseLiteEmbedder, type TextEmbedder } from '@conversa/embeddings';
import type { MatcherEmbedderConfig } from '../../config/env.ts';

/**
 * The sentence model the configuration asks for (MATCHER_EMBEDDER, EMBEDDINGS_URL): USE lite (one
 * per process, loading in its worker from now on), an external service, or none. `log` gets the
 * start banner's line and, once, a model that fails to load (the studio then answers by words).
 */
export function startConfiguredEmbedder(
  config: MatcherEmbedderConfig,
  log: (message: string) => void,
): TextEmbedder | undefined {
  if (config.kind === 'none') {
    log('answer matcher: words alone (MATCHER_EMBEDDER=none)');
    return undefined;
  }
  const embedder =
    config.kind === 'http'
      ? createHttpEmbedder({ url: config.url, model: config.model, apiKey: config.apiKey })
      : getUseLiteEmbedder();
  log(`answer matcher: words and meaning, sentence model ${embedder.label}`);
  const started = performance.now();
  embedder.ready().then(
    () => {
      if (config.kind === 'use-lite') {
        log(`sentence model loaded in ${Math.round(performance.now() - started)} ms`);
      }
    },
    (error: unknown) => {
      log(
        `sentence model failed to load, answering by words alone: ${error instanceof Error ? error.message : String(error)}`,
      );
    },
  );
  return embedder;
}
