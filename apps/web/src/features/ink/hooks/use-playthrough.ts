import { useEffect, useRef, useState } from 'react';
import type { PlayRequest, InkWorkerResponse } from '../worker/compile-protocol';
import type { Playthrough, PlayScript } from '../utils/playthrough';

interface PlayInputs {
  compiledJson: string;
  script: PlayScript;
  watch: readonly string[];
}

export interface PlaythroughState {
  /** The newest answer (for the inputs of the last request, or earlier ones while it runs). */
  played: Playthrough | null;
  /** A play for the current inputs is still running in the worker. */
  isPlaying: boolean;
}

/**
 * Plays a compiled story along a script in a Web Worker (the ink worker: parsing a large story's
 * JSON and replaying its choices would be a long task on the page after every compile). Keeps
 * showing the last answer until the newest request's comes; older answers are ignored.
 */
export function usePlaythrough(
  compiledJson: string | null,
  script: PlayScript,
  watch: readonly string[],
): PlaythroughState {
  const workerRef = useRef<Worker | null>(null);
  const lastIdRef = useRef(0);
  const requestsRef = useRef(new Map<number, PlayInputs>());
  const [answer, setAnswer] = useState<{ inputs: PlayInputs; played: Playthrough } | null>(null);

  useEffect(() => {
    const worker = new Worker(new URL('../worker/compile.worker.ts', import.meta.url), {
      type: 'module',
    });
    worker.onmessage = (event: MessageEvent<InkWorkerResponse>) => {
      const response = event.data;
      if (response.kind !== 'play') {
        return;
      }
      const inputs = requestsRef.current.get(response.id);
      requestsRef.current.delete(response.id);
      if (response.id === lastIdRef.current && inputs) {
        setAnswer({ inputs, played: response.played });
      }
    };
    workerRef.current = worker;
    return () => {
      worker.terminate();
      workerRef.current = null;
    };
  }, []);

  useEffect(() => {
    if (compiledJson === null) {
      return;
    }
    lastIdRef.current += 1;
    const request: PlayRequest = {
      kind: 'play',
      id: lastIdRef.current,
      compiledJson,
      script,
      watch: [...watch],
    };
    requestsRef.current.set(request.id, { compiledJson, script, watch });
    workerRef.current?.postMessage(request);
  }, [compiledJson, script, watch]);

  return {
    played: compiledJson === null ? null : (answer?.played ?? null),
    isPlaying:
      compiledJson !== null &&
      (answer?.inputs.compiledJson !== compiledJson ||
        answer.inputs.script !== script ||
        answer.inputs.watch !== watch),
  };
}
