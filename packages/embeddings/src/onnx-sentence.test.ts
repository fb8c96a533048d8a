import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import {
  closeSharedOnnxSentenceEmbedders,
  createOnnxSentenceEmbedder,
  getOnnxSentenceEmbedder,
  ONNX_SENTENCE_MODELS,
  onnxModelDir,
} from './onnx-sentence.ts';

const MODEL = ONNX_SENTENCE_MODELS['all-minilm-l6-v2'];

/** What models/convert.py wrote beside the model: its check sentences and their Python vectors. */
const manifest = JSON.parse(
  readFileSync(path.join(onnxModelDir(MODEL.id), 'model.json'), 'utf8'),
) as {
  dimensions: number;
  maxTokens: number;
  checks: { sentences: string[]; vectors: number[][] };
};

function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return dot / Math.sqrt(na * nb);
}

// The real model: its ONNX file ships in the repository (models/all-minilm-l6-v2), nothing is
// downloaded.
describe('all-MiniLM-L6-v2 (ONNX) in a worker thread', () => {
  const embedder = createOnnxSentenceEmbedder(MODEL);
  afterAll(() => embedder.close());

  it('is the model convert.py checked: the shipped files say what the registry says', () => {
    expect(manifest.dimensions).toBe(MODEL.dimensions);
    expect(manifest.maxTokens).toBe(MODEL.maxTokens);
    expect(embedder.id).toBe('all-minilm-l6-v2');
    expect(embedder.label).toBe('all-MiniLM-L6-v2 (384 dimensions, ONNX in a worker thread)');
  });

  it("gives sentence-transformers' own vectors in Node.js (tokenizer, pooling and all)", async () => {
    await embedder.ready();
    expect(embedder.status()).toBe('ready');
    const vectors = await embedder.embed(manifest.checks.sentences);
    expect(vectors).toHaveLength(manifest.checks.sentences.length);
    vectors.forEach((vector, i) => {
      expect(vector).toHaveLength(384);
      expect(cosine(vector, manifest.checks.vectors[i]!)).toBeGreaterThan(0.9999);
    });
  });

  it('puts a paraphrase with no shared content word close to its question', async () => {
    const [career, field, age] = await embedder.embed([
      'Why did you choose this career?',
      'How did you get into this field?',
      'How old are you?',
    ]);
    expect(cosine(career!, field!)).toBeGreaterThan(0.5);
    expect(cosine(age!, field!)).toBeLessThan(0.35);
  });

  // USE lite put "What is the coronavirus?" nearer "What is the flu?" (0.57) than "What is
  // COVID-19?" (0.47), and "How is coronavirus spread?" nearer the flu's (0.60) than COVID-19's
  // (0.55).
  it('knows that the coronavirus and COVID-19 are one thing, nearer than the flu', async () => {
    const [coronavirus, covid, flu, spread, covidSpread, fluSpread] = await embedder.embed([
      'What is the coronavirus?',
      'What is COVID-19?',
      'What is the flu?',
      'How is coronavirus spread?',
      'How does COVID-19 spread?',
      'How does the flu spread?',
    ]);
    expect(cosine(coronavirus!, covid!)).toBeGreaterThan(cosine(coronavirus!, flu!) + 0.1);
    expect(cosine(spread!, covidSpread!)).toBeGreaterThan(cosine(spread!, fluSpread!) + 0.05);
  });

  it('gives the same vector alone and in a batch of texts of other lengths (padding counts nothing)', async () => {
    const text = 'What are you researching these days?';
    const long = 'A transcript that goes on and on about the farm. '.repeat(80);
    const batch = [long, ...Array.from({ length: 40 }, (_, i) => `phrasing number ${i}`), text];
    const [queued, alone] = await Promise.all([
      embedder.embed(batch),
      embedder.embed([text], { priority: 'question' }),
    ]);
    expect(queued).toHaveLength(batch.length);
    expect(cosine(queued.at(-1)!, alone[0]!)).toBeGreaterThan(0.9999);
    // A text past the model's 256 tokens is read in part, as the model was trained.
    expect(queued[0]).toHaveLength(384);
    expect(Number.isFinite(queued[0]![0])).toBe(true);
  });
});

describe('an ONNX model that cannot load', () => {
  it('fails ready() and every call with the reason, naming the model', async () => {
    const embedder = createOnnxSentenceEmbedder(MODEL, {
      modelDir: path.join(onnxModelDir(MODEL.id), 'no-such-folder'),
      retryDelayMs: { first: 60_000, max: 60_000 },
    });
    try {
      await expect(embedder.ready()).rejects.toThrow(/all-MiniLM-L6-v2 failed to load: .*ENOENT/);
      expect(embedder.status()).toBe('failed');
      await expect(embedder.embed(['a question'])).rejects.toThrow(
        /all-MiniLM-L6-v2 failed to load/,
      );
      expect(embedder.loadReport().failures).toBe(1);
    } finally {
      await embedder.close();
    }
  });
});

describe("the process's shared model", () => {
  it('is one instance until closed; closing ends it, and the next get loads a new one', async () => {
    const first = getOnnxSentenceEmbedder('all-minilm-l6-v2');
    expect(getOnnxSentenceEmbedder('all-minilm-l6-v2')).toBe(first);
    await first.ready();
    await closeSharedOnnxSentenceEmbedders();
    expect(first.status()).toBe('failed');
    await expect(first.embed(['a question'])).rejects.toThrow(/closed/);
    const second = getOnnxSentenceEmbedder('all-minilm-l6-v2');
    try {
      expect(second).not.toBe(first);
      const [vector] = await second.embed(['a question']);
      expect(vector).toHaveLength(MODEL.dimensions);
    } finally {
      await closeSharedOnnxSentenceEmbedders();
    }
  });
});

describe("onnxruntime's telemetry", () => {
  /** A process that embeds a sentence with a home of its own; what it left in that home. */
  async function embedWithHome(telemetry: string | undefined): Promise<boolean> {
    const home = mkdtempSync(path.join(tmpdir(), 'onnx-home-'));
    try {
      const script = path.join(home, 'embed.mts');
      const source = [
        `import { getOnnxSentenceEmbedder, closeSharedOnnxSentenceEmbedders } from ${JSON.stringify(
          path.join(import.meta.dirname, 'onnx-sentence.ts'),
        )};`,
        "const [vector] = await getOnnxSentenceEmbedder('all-minilm-l6-v2').embed(['Hello there.']);",
        'await closeSharedOnnxSentenceEmbedders();',
        'console.log(vector.length);',
      ].join('\n');
      writeFileSync(script, source);
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], {
        cwd: path.resolve(import.meta.dirname, '..'),
        // No CI variable: onnxruntime stays quiet by itself where it sees one.
        env: {
          PATH: process.env.PATH,
          HOME: home,
          ...(telemetry === undefined ? {} : { ORT_DISABLE_TELEMETRY: telemetry }),
        },
      });
      expect(stdout.trim()).toBe(String(MODEL.dimensions));
      return existsSync(path.join(home, '.cache', 'Microsoft'));
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  }

  it('is off: a studio leaves no device id or event cache in its home, and uploads nothing', async () => {
    expect(await embedWithHome(undefined)).toBe(false);
  });

  it("is on where an operator sets ORT_DISABLE_TELEMETRY to 0 (the runtime's default)", async () => {
    expect(await embedWithHome('0')).toBe(true);
  });
});
