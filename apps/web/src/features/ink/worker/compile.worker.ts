/// <reference lib="webworker" />
// The editor's ink worker: inkjs compiles and plays here, off the page's thread, so a 1 MB story
// never freezes typing. One message in (a source to compile, or a compiled story and the player's
// script to play), one out (the result).
import { answerInkRequest } from './answer-ink-request';
import type { InkWorkerRequest } from './compile-protocol';

self.onmessage = (event: MessageEvent<InkWorkerRequest>) => {
  self.postMessage(answerInkRequest(event.data));
};
