import { useEffect, useRef, useState } from 'react';
import type { CompileRequest, CompileResponse } from '../worker/compile-protocol';

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
 * running when another arrives is left to finish and then ignored.
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
    worker.onmessage = (event: MessageEvent<CompileResponse>) => {
      const compiledSource = sourcesRef.current.get(event.data.id);
      sourcesRef.current.delete(event.data.id);
      if (event.data.id === lastIdRef.current && compiledSource !== undefined) {
        setCompiled({
          source: compiledSource,
          result: event.data.result,
          milliseconds: event.data.milliseconds,
        });
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
    const request: CompileRequest = { id: lastIdRef.current, source, questions };
    sourcesRef.current.set(request.id, source);
    workerRef.current?.postMessage(request);
  }, [source, questions]);

  return {
    result: compiled?.result ?? null,
    milliseconds: compiled?.milliseconds ?? null,
    isCompiling: source !== null && compiled?.source !== source,
  };
}
