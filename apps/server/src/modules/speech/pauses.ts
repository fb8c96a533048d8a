/** 16-bit mono PCM as the recognizers read it (processing writes every answer's audio so). */
export interface PcmAudio {
  sampleRate: number;
  samples: Int16Array;
}

/** Energy is measured over frames this long. */
const FRAME_MS = 10;
/** A quiet run shorter than this is a gap between words, not a pause. */
const MIN_PAUSE_MS = 200;
/** A piece shorter than this is never cut off when a longer one can be had. */
const MIN_PIECE_MS = 5_000;

/**
 * Reads a canonical WAV file (RIFF, PCM 16-bit, one channel): the chunks are walked to find `fmt `
 * and `data`, since ffmpeg writes a LIST chunk before the samples.
 */
export function readPcmWav(bytes: Buffer): PcmAudio {
  if (bytes.toString('ascii', 0, 4) !== 'RIFF' || bytes.toString('ascii', 8, 12) !== 'WAVE') {
    throw new Error('Not a WAV file.');
  }
  let offset = 12;
  let sampleRate = 0;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('ascii', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      const format = bytes.readUInt16LE(body);
      const channels = bytes.readUInt16LE(body + 2);
      const bits = bytes.readUInt16LE(body + 14);
      if (format !== 1 || channels !== 1 || bits !== 16) {
        throw new Error('Only 16-bit mono PCM WAV is read here.');
      }
      sampleRate = bytes.readUInt32LE(body + 4);
    } else if (id === 'data') {
      const end = Math.min(bytes.length, body + size);
      const copy = Buffer.from(bytes.subarray(body, end - ((end - body) % 2)));
      return {
        sampleRate,
        samples: new Int16Array(copy.buffer, copy.byteOffset, copy.length / 2),
      };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('The WAV file has no samples.');
}

/** A WAV file of `samples` (16-bit mono PCM). */
export function writePcmWav(audio: PcmAudio): Buffer {
  const data = Buffer.from(
    audio.samples.buffer,
    audio.samples.byteOffset,
    audio.samples.byteLength,
  );
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(audio.sampleRate, 24);
  header.writeUInt32LE(audio.sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

function frameEnergies(audio: PcmAudio): Float64Array {
  const frame = Math.max(1, Math.round((audio.sampleRate * FRAME_MS) / 1000));
  const count = Math.ceil(audio.samples.length / frame);
  const energies = new Float64Array(count);
  for (let index = 0; index < count; index += 1) {
    let sum = 0;
    const end = Math.min(audio.samples.length, (index + 1) * frame);
    for (let sample = index * frame; sample < end; sample += 1) {
      sum += audio.samples[sample]! * audio.samples[sample]!;
    }
    energies[index] = Math.sqrt(sum / Math.max(1, end - index * frame));
  }
  return energies;
}

function quantile(sorted: Float64Array, share: number): number {
  return sorted.length === 0
    ? 0
    : sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;
}

/**
 * Quiet runs long enough to be pauses, in frames [start, end): quiet measured against the
 * recording's own floor and speech (a tenth of the way from its 10th to its 90th percentile).
 */
function findQuietRuns(energies: Float64Array): { start: number; end: number }[] {
  const sorted = Float64Array.from(energies).sort();
  const floor = quantile(sorted, 0.1);
  const loud = quantile(sorted, 0.9);
  const threshold = floor + 0.1 * (loud - floor);
  const pauses: { start: number; end: number }[] = [];
  let runStart = -1;
  for (let index = 0; index <= energies.length; index += 1) {
    const isQuiet = index < energies.length && energies[index]! <= threshold;
    if (isQuiet && runStart < 0) {
      runStart = index;
    } else if (!isQuiet && runStart >= 0) {
      if ((index - runStart) * FRAME_MS >= MIN_PAUSE_MS) {
        pauses.push({ start: runStart, end: index });
      }
      runStart = -1;
    }
  }
  return pauses;
}

/** The recording's pauses (quiet runs of at least 200 ms), in milliseconds, in order. */
export function findPauses(audio: PcmAudio): { startMs: number; endMs: number }[] {
  return findQuietRuns(frameEnergies(audio)).map((run) => ({
    startMs: run.start * FRAME_MS,
    endMs: run.end * FRAME_MS,
  }));
}

/**
 * Where to cut a long recording so each piece stays within `maxPieceMs`: in the middle of a
 * pause (a run of quiet frames, quiet measured against this recording's own floor and speech),
 * the longest pause of the last stretch of each piece, so a word is never cut in two while a
 * pause can be had. Returns the sample offsets of the cuts, in order; [] when it fits whole.
 */
export function findPauseCuts(audio: PcmAudio, maxPieceMs: number): number[] {
  const perFrame = Math.max(1, Math.round((audio.sampleRate * FRAME_MS) / 1000));
  const maxFrames = Math.floor(maxPieceMs / FRAME_MS);
  const energies = frameEnergies(audio);
  if (energies.length <= maxFrames) {
    return [];
  }
  const pauses = findQuietRuns(energies);
  const cuts: number[] = [];
  const minFrames = Math.min(Math.floor(MIN_PIECE_MS / FRAME_MS), Math.floor(maxFrames / 2));
  let pieceStart = 0;
  while (energies.length - pieceStart > maxFrames) {
    const limit = pieceStart + maxFrames;
    let best: { middle: number; length: number } | undefined;
    for (const pause of pauses) {
      const middle = Math.floor((pause.start + pause.end) / 2);
      if (middle <= pieceStart + minFrames || middle > limit) {
        continue;
      }
      const length = pause.end - pause.start;
      if (!best || length >= best.length) {
        best = { middle, length };
      }
    }
    const cut = best?.middle ?? limit;
    cuts.push(cut * perFrame);
    pieceStart = cut;
  }
  return cuts;
}
