import { useEffect, useRef, useState } from 'react';
import { replaceEqualDeep } from '@tanstack/react-query';
import type {
  CompileRequest,
  CompileResponse,
  InkWorkerResponse,
} from '../worker/compile-protocol';

export interface InkCompileState {
  result: CompileResponse['result'] | null;
  /** Compile time of the last result in the worker. */
  milliseconds: number | null;
  /** The source has changed since the last result. */
  isCompiling: boolean;
}

interface CompiledSource {
  source: string;
  result: CompileResponse['result'];
  milliseconds: number;
}

/**
 * Compiles each source it is given in a Web Worker (the editor hands its document over only once
 * typing pauses: INK_EDIT_SETTLE_MS). Only the newest request's answer is kept; a request still
 * running when another arrives is left to finish and then ignored. A new result shares every part
 * equal to the last one's (structural sharing): while typing changes only text inside a knot, the
 * outline, statistics, names and messages keep their identity, so the outline's hundreds of
 * buttons, the player and the editor's diagnostics are not rendered again for them.
 */
export function useInkCompiler(
  source: string | null,
  questions: CompileRequest['questions'],
): InkCompileState {
  const workerRef = useRef<Worker | null>(null);
  const lastIdRef = useRef(0);
  const sourcesRef = useRef(new Map<number, string>());
  const [compiled, setCompiled] = useState<CompiledSource | null>(null);

  useEffect(() => {
    const worker = new Worker(new URL('../worker/compile.worker.ts', import.meta.url), {
      type: 'module',
    });
    worker.onmessage = (event: MessageEvent<InkWorkerResponse>) => {
      const response = event.data;
      if (response.kind !== 'compile') {
        return;
      }
      const compiledSource = sourcesRef.current.get(response.id);
      sourcesRef.current.delete(response.id);
      if (response.id === lastIdRef.current && compiledSource !== undefined) {
        setCompiled((previous) => ({
          source: compiledSource,
          result: replaceEqualDeep(previous?.result, response.result),
          milliseconds: response.milliseconds,
        }));
      }
    };
    workerRef.current = worker;
    return () => {
      worker.terminate();
      workerRef.current = null;
    };
  }, []);

  useEffect(() => {
    if (source === null) {
      return;
    }
    lastIdRef.current += 1;
    const request: CompileRequest = { kind: 'compile', id: lastIdRef.current, source, questions };
    sourcesRef.current.set(request.id, source);
    workerRef.current?.postMessage(request);
  }, [source, questions]);

  return {
    result: compiled?.result ?? null,
    milliseconds: compiled?.milliseconds ?? null,
    isCompiling: source !== null && compiled?.source !== source,
  };
}
