import { findInkOutline } from '@conversa/contracts';
import { compileInkSource } from '@conversa/contracts/ink/compile-ink';
import { findInkVariableNames } from '@conversa/contracts/ink/run-ink';
import { replayStory } from '../utils/playthrough';
import type { InkWorkerRequest, InkWorkerResponse } from './compile-protocol';

/** What the ink worker answers to one request: a compile, or a play of a compiled story. */
export function answerInkRequest(request: InkWorkerRequest): InkWorkerResponse {
  if (request.kind === 'play') {
    return {
      kind: 'play',
      id: request.id,
      played: replayStory(request.compiledJson, request.script, request.watch),
    };
  }
  const started = performance.now();
  const result = {
    ...compileInkSource(request.source, request.questions),
    outline: findInkOutline(request.source),
    variableNames: findInkVariableNames(request.source),
  };
  return { kind: 'compile', id: request.id, result, milliseconds: performance.now() - started };
}
