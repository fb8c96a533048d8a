// A Whisper thread's entry when it runs from the TypeScript sources (development, tests): tsx is
// registered in the thread, then the worker module is imported. Node 20 applies `--import` hooks
// given in a worker's execArgv only after loading its entry, so a .ts entry cannot be loaded
// directly. The server's bundle starts its own built worker (whisper-worker.js) instead.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.sourceEntry);
