import { describe, expect, it } from 'vitest';
import { createWorkerEmbedder } from './worker-embedder.ts';

const DIMENSIONS = 4;

/**
 * A model thread that takes `delayMs` a message, as a busy model does, and answers each text with
 * its length: the order of the embedder's messages is what these tests read.
 */
const slowModel = (delayMs: number) =>
  new URL(
    `data:text/javascript,${encodeURIComponent(
      `import { parentPort } from 'node:worker_threads';
       parentPort.on('message', ({ id, texts }) => {
         setTimeout(() => {
           const vectors = new Float32Array(texts.length * ${DIMENSIONS});
           texts.forEach((text, i) => (vectors[i * ${DIMENSIONS}] = text.length));
           parentPort.postMessage({ id, vectors }, [vectors.buffer]);
         }, ${delayMs});
       });
       parentPort.postMessage({ type: 'ready', loadMs: 0 });`,
    )}`,
  );

const spec = {
  id: 'slow-test-model',
  name: 'Slow test model',
  label: 'Slow test model',
  dimensions: DIMENSIONS,
  workerPath: () => slowModel(20),
};

describe('the queue of a model thread', () => {
  it('gives queued phrasings their turn while questions keep coming', async () => {
    const embedder = createWorkerEmbedder(spec, { batchTurnMs: 200 });
    try {
      await embedder.ready();
      // Two visitors asking at once, each a question after the last: a question is always
      // waiting when the model finishes a message.
      let answered = 0;
      const visitor = async () => {
        for (let i = 0; i < 100; i++) {
          await embedder.embed([`question ${i}`], { priority: 'question' });
          answered += 1;
        }
      };
      const visitors = Promise.all([visitor(), visitor()]);
      // A storyfile's 96 new phrasings: three batches of 32.
      const phrasings = Array.from({ length: 96 }, (_, i) => `phrasing number ${i}`);
      let answeredWhenVectorsCame = -1;
      const vectors = embedder.embed(phrasings).then((result) => {
        answeredWhenVectorsCame = answered;
        return result;
      });
      await visitors;
      const made = await vectors;
      expect(made.map((vector) => vector[0])).toEqual(phrasings.map((text) => text.length));
      // Before the turn, the phrasings waited for as long as the questions came (all 200).
      expect(answeredWhenVectorsCame).toBeGreaterThan(0);
      expect(answeredWhenVectorsCame).toBeLessThan(200);
    } finally {
      await embedder.close();
    }
  });

  it('puts questions first while the phrasings have not waited their turn', async () => {
    const embedder = createWorkerEmbedder(spec, { batchTurnMs: 60_000 });
    try {
      await embedder.ready();
      const order: string[] = [];
      const first = embedder.embed(['the first question'], { priority: 'question' });
      const phrasings = embedder
        .embed(Array.from({ length: 32 }, (_, i) => `phrasing ${i}`))
        .then(() => order.push('phrasings'));
      const second = embedder
        .embed(['the second question'], { priority: 'question' })
        .then(() => order.push('question'));
      await Promise.all([first, phrasings, second]);
      expect(order).toEqual(['question', 'phrasings']);
    } finally {
      await embedder.close();
    }
  });
});
