import {
  closeSharedOnnxSentenceEmbedders,
  closeSharedUseLiteEmbedder,
  createHttpEmbedder,
  getOnnxSentenceEmbedder,
  getUseLiteEmbedder,
  type TextEmbedder,
} from '@conversa/embeddings';
import type { MatcherEmbedderConfig } from '../../config/env.ts';

/**
 * The sentence model the configuration asks for (MATCHER_EMBEDDER, EMBEDDINGS_URL):
 * all-MiniLM-L6-v2 or USE lite (one per process, loading in its worker from now on), an external service, or none.
 * `log` gets the start banner's line, each failed load of the model (the studio answers by words
 * until a later attempt loads it) and the load that succeeds.
 */
export function startConfiguredEmbedder(
  config: MatcherEmbedderConfig,
  log: (message: string) => void,
): TextEmbedder | undefined {
  if (config.kind === 'none') {
    log('answer matcher: words alone (MATCHER_EMBEDDER=none)');
    return undefined;
  }
  if (config.kind === 'http') {
    const service = createHttpEmbedder({
      url: config.url,
      model: config.model,
      apiKey: config.apiKey,
    });
    log(`answer matcher: words and meaning, sentence model ${service.label}`);
    service.ready().catch((error: unknown) => {
      log(
        `sentence model failed to load, answering by words alone: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
    return service;
  }
  const model =
    config.kind === 'use-lite' ? getUseLiteEmbedder() : getOnnxSentenceEmbedder(config.kind);
  log(`answer matcher: words and meaning, sentence model ${model.label}`);
  // Every failed load is logged with its retry, and the load that succeeds after it: a model that
  // failed once (under load: "Backend 'wasm' has not yet been initialized") comes back.
  model.onLoadEvent((event) => {
    if (event.type === 'ready') {
      log(
        `sentence model loaded in ${Math.round(event.loadMs)} ms${event.attempt > 1 ? ` (attempt ${event.attempt})` : ''}`,
      );
    } else {
      log(
        `sentence model failed to load (attempt ${event.attempt}), answering by words alone; trying again in ${Math.ceil(event.retryInMs / 1000)} s: ${event.error.message}`,
      );
    }
  });
  return model;
}

/**
 * Ends the process's sentence models and their threads. The process calls it last, after its
 * studio stopped: a model thread still inside onnxruntime when the process exits can abort the
 * exit (its native teardown races the process's), so a clean stop ended with a signal.
 */
export async function closeProcessEmbedders(): Promise<void> {
  await Promise.all([closeSharedOnnxSentenceEmbedders(), closeSharedUseLiteEmbedder()]);
}
