// The worker thread of a Whisper recognizer (thread.ts): loads the model, then recognizes the
// recordings posted to it one after another. onnxruntime-node's `run` computes on the calling
// thread and holds it for the whole network (an encoder pass held an event loop for 585 ms), so
// the model never runs on the studio's event loop. With `niceness`, this thread (and the threads
// onnxruntime starts from it, which inherit it) runs at that CPU priority: answer drafts at the
// lowest, behind every visitor's question.
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { loadWhisperModel, type WhisperModel } from './model.ts';
import { recognize } from './recognize.ts';
import type { WhisperReply, WhisperRequest, WhisperThreadData } from './thread-messages.ts';

const data = workerData as WhisperThreadData;
const port = parentPort!;
const running = new Map<number, AbortController>();
const queue: Extract<WhisperRequest, { type: 'recognize' }>[] = [];
let model: WhisperModel | undefined;
let isBusy = false;

function reply(message: WhisperReply) {
  port.postMessage(message);
}

async function drain() {
  if (isBusy || !model) {
    return;
  }
  const next = queue.shift();
  if (!next) {
    return;
  }
  isBusy = true;
  const controller = running.get(next.id)!;
  try {
    const recognition = await recognize(model, next.samples, {
      ...next.options,
      signal: controller.signal,
    });
    reply({ type: 'result', id: next.id, recognition });
  } catch (error) {
    reply({
      type: 'error',
      id: next.id,
      message: error instanceof Error ? error.message : String(error),
      isAborted: controller.signal.aborted,
    });
  } finally {
    running.delete(next.id);
    isBusy = false;
    void drain();
  }
}

port.on('message', (message: WhisperRequest) => {
  if (message.type === 'recognize') {
    running.set(message.id, new AbortController());
    queue.push(message);
    void drain();
  } else if (message.type === 'cancel') {
    const waiting = queue.findIndex((request) => request.id === message.id);
    if (waiting >= 0) {
      queue.splice(waiting, 1);
      running.delete(message.id);
      reply({ type: 'error', id: message.id, message: 'Cancelled.', isAborted: true });
    } else {
      running.get(message.id)?.abort(new Error('Cancelled.'));
    }
  }
});

try {
  if (data.niceness !== undefined) {
    // On Linux, the calling thread's priority alone (this worker, not the studio's event loop).
    setPriority(0, data.niceness);
  }
  model = await loadWhisperModel(data.modelDir, { threads: data.threads });
  reply({ type: 'ready', loadMs: model.loadMs });
  void drain();
} catch (error) {
  reply({ type: 'load-failed', message: error instanceof Error ? error.message : String(error) });
}
