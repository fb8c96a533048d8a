/// <reference lib="webworker" />
// The editor's compiler: inkjs runs here, off the page's thread, so a 1 MB story never freezes
// typing. One message in (a source and the checklist), one out (the result and how long it took).
import { findInkOutline } from '@conversa/contracts';
import { compileInkSource } from '@conversa/contracts/ink/compile-ink';
import { findInkVariableNames } from '@conversa/contracts/ink/run-ink';
import type { CompileRequest, CompileResponse } from './compile-protocol';

self.onmessage = (event: MessageEvent<CompileRequest>) => {
  const { id, source, questions } = event.data;
  const started = performance.now();
  const result = {
    ...compileInkSource(source, questions),
    outline: findInkOutline(source),
    variableNames: findInkVariableNames(source),
  };
  const response: CompileResponse = { id, result, milliseconds: performance.now() - started };
  self.postMessage(response);
};
