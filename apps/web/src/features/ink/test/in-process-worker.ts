import { answerInkRequest } from '../worker/answer-ink-request';
import type { InkWorkerRequest, InkWorkerResponse } from '../worker/compile-protocol';

/**
 * jsdom has no Web Worker: this one runs the ink worker's own handler (the real compile and
 * replay) in the test's thread and answers in a later task, as a worker does.
 */
export class InProcessInkWorker {
  onmessage: ((event: MessageEvent<InkWorkerResponse>) => void) | null = null;
  private isTerminated = false;

  postMessage(request: InkWorkerRequest): void {
    // Cloned as postMessage clones: the page's objects never reach the worker's side.
    const copy = structuredClone(request);
    setTimeout(() => {
      if (!this.isTerminated) {
        this.onmessage?.({ data: answerInkRequest(copy) } as MessageEvent<InkWorkerResponse>);
      }
    }, 0);
  }

  terminate(): void {
    this.isTerminated = true;
  }
}
