import type { Tensor } from 'onnxruntime-node';
import type { Hypothesis } from './beam-search.ts';
import type { WhisperModel } from './model.ts';
import { tokenStartTimes } from './word-times.ts';

const SAMPLES_PER_FRAME = 320;

export interface RecognizedWord {
  /** As the model wrote it, with its case and punctuation. */
  text: string;
  startMs: number;
  endMs: number;
  /** The mean probability of its tokens, 0–1. */
  probability: number;
}

/** The best reading's words timed by the alignment heads (OpenAI's `find_alignment`). */
export async function timeWords(
  model: WhisperModel,
  hypothesis: Hypothesis,
  sampleCount: number,
  task: number[],
  crossK: Tensor,
  crossV: Tensor,
): Promise<RecognizedWord[]> {
  const { ort, info, vocabulary } = model;
  const special = vocabulary.special;
  const layers = info.dimensions.n_text_layer;
  const heads = info.dimensions.n_text_head;
  const width = info.dimensions.n_text_state;
  const text = hypothesis.tokens;
  const sequence = [special.startOfTranscript, ...task, ...text, special.endOfText];
  const out = await model.decoder.run({
    tokens: new ort.Tensor(
      'int64',
      BigInt64Array.from(sequence, (id) => BigInt(id)),
      [1, sequence.length],
    ),
    prefix_k: new ort.Tensor('float32', new Float32Array(0), [layers, 1, 0, width]),
    prefix_v: new ort.Tensor('float32', new Float32Array(0), [layers, 1, 0, width]),
    self_k: new ort.Tensor('float32', new Float32Array(0), [layers, 1, 0, width]),
    self_v: new ort.Tensor('float32', new Float32Array(0), [layers, 1, 0, width]),
    cross_k: crossK,
    cross_v: crossV,
  });
  const attention = out.cross_attention as Tensor;
  const all = attention.data as Float32Array;
  const positions = sequence.length;
  const allFrames = attention.dims[4]!;
  const frames = Math.min(allFrames, Math.ceil(sampleCount / SAMPLES_PER_FRAME));
  // Rows: the query before each text token (from "no timestamps") and the one before the end.
  const firstRow = task.length;
  const rows = text.length + 1;
  const alignmentHeads =
    info.alignmentHeads.length > 0
      ? info.alignmentHeads
      : Array.from({ length: heads }, (_, head) => [layers - 1, head] as [number, number]);
  const weights = new Float32Array(alignmentHeads.length * rows * frames);
  alignmentHeads.forEach(([layer, head], index) => {
    for (let row = 0; row < rows; row += 1) {
      const from = ((layer * heads + head) * positions + firstRow + row) * allFrames;
      weights.set(all.subarray(from, from + frames), (index * rows + row) * frames);
    }
  });
  const starts = tokenStartTimes({ heads: alignmentHeads.length, rows, frames, weights });
  const words: RecognizedWord[] = [];
  let wordStart = 0;
  for (let index = 1; index <= text.length; index += 1) {
    if (index === text.length || vocabulary.startsWord(text[index]!)) {
      const tokens = text.slice(wordStart, index);
      const wordText = vocabulary.decode(tokens).trim();
      const logprobs = hypothesis.logprobs.slice(wordStart, index);
      if (wordText !== '') {
        words.push({
          text: wordText,
          startMs: starts[wordStart] ?? 0,
          endMs: starts[index] ?? starts[wordStart] ?? 0,
          probability: logprobs.reduce((sum, value) => sum + Math.exp(value), 0) / logprobs.length,
        });
      }
      wordStart = index;
    }
  }
  return clampLongWords(words);
}

/**
 * The path enters a word's row where the previous word ends, so a word after silence (the first
 * one always) would take the silence into its start. As OpenAI's `add_word_timestamps` does, a
 * word longer than twice the median word (at most 0.7 s) starts that long before its end.
 */
function clampLongWords(words: RecognizedWord[]): RecognizedWord[] {
  const durations = words
    .map((word) => word.endMs - word.startMs)
    .filter((duration) => duration > 0)
    .sort((a, b) => a - b);
  if (durations.length === 0) {
    return words;
  }
  const median = Math.min(700, durations[Math.floor(durations.length / 2)]!);
  const longest = 2 * median;
  return words.map((word) =>
    word.endMs - word.startMs > longest ? { ...word, startMs: word.endMs - longest } : word,
  );
}
