import type { PcmAudio } from './pauses.ts';

/** Frames of 32 ms (at 16 kHz: 512 samples), one every 20 ms. */
const FRAME_MS = 32;
const HOP_MS = 20;
/** A voice's pitch lies between 60 and 400 Hz. */
const LOWEST_PITCH_HZ = 60;
const HIGHEST_PITCH_HZ = 400;
/** A frame this periodic (normalised autocorrelation at its pitch) is voiced. */
const VOICED_CORRELATION = 0.6;
/** How far the pitch's peak rises above the lowest correlation at a shorter lag. */
const MIN_PEAK_RISE = 0.5;
/** Quieter than this (RMS of 16-bit samples, about -56 dBFS) is never a voice. */
const MIN_VOICE_RMS = 50;
/** A recording with less voiced time than this holds no speech. */
export const MIN_VOICED_MS = 300;
/**
 * A voice's pitch moves: its voiced frames span at least this ratio of periods (a semitone is
 * 1.059). A tone's stays put (a test tone, a hum, a beep: issue 52's "clips with a tone").
 */
const MIN_PITCH_SPREAD = 1.06;

/**
 * Whether a recording holds speech: enough voiced frames, each loud enough and periodic at a
 * voice's pitch (the vowels of any speech). A silent loop's room noise, hiss, clicks and crackle
 * are not periodic, so they are never sent to a recognizer, which reads words into noise ("dog",
 * "thank", at full confidence): issue 52. Nor is a tone, as periodic as a vowel but at one pitch
 * throughout, so speech also needs its pitch to move by MIN_PITCH_SPREAD. Reads every other
 * sample (8 kHz is plenty for pitch) and stops once both are found, so speech is known in a few
 * frames.
 */
export function hasVoice(audio: PcmAudio): boolean {
  const step = audio.sampleRate >= 16_000 ? 2 : 1;
  const rate = audio.sampleRate / step;
  const frame = Math.round((rate * FRAME_MS) / 1000);
  const hop = Math.round((rate * HOP_MS) / 1000);
  const minLag = Math.max(1, Math.floor(rate / HIGHEST_PITCH_HZ));
  const maxLag = Math.min(frame - 1, Math.ceil(rate / LOWEST_PITCH_HZ));
  const needed = Math.ceil(MIN_VOICED_MS / HOP_MS);
  const length = Math.floor(audio.samples.length / step);
  const values = new Float64Array(frame);
  let voiced = 0;
  let shortestPeriod = Infinity;
  let longestPeriod = 0;
  for (let start = 0; start + frame <= length; start += hop) {
    let mean = 0;
    for (let index = 0; index < frame; index += 1) {
      values[index] = audio.samples[(start + index) * step]!;
      mean += values[index]!;
    }
    mean /= frame;
    let energy = 0;
    for (let index = 0; index < frame; index += 1) {
      const centred = values[index]! - mean;
      values[index] = centred;
      energy += centred * centred;
    }
    if (Math.sqrt(energy / frame) < MIN_VOICE_RMS) {
      continue;
    }
    const period = findPeriod(values, minLag, maxLag);
    if (period === null) {
      continue;
    }
    voiced += 1;
    shortestPeriod = Math.min(shortestPeriod, period);
    longestPeriod = Math.max(longestPeriod, period);
    if (voiced >= needed && longestPeriod >= shortestPeriod * MIN_PITCH_SPREAD) {
      return true;
    }
  }
  return false;
}

/**
 * A frame's period in samples, or null when it is not voiced: the first lag whose normalised
 * autocorrelation peaks at VOICED_CORRELATION or more after a dip of MIN_PEAK_RISE (low-pitched
 * noise, a room's rumble, is as alike at a short lag as speech is at its period, but only falls
 * from there). The first such peak, not the highest: a steady tone correlates as well at two or
 * five periods as at one, and the highest would wander among them.
 */
function findPeriod(values: Float64Array, minLag: number, maxLag: number): number | null {
  const frame = values.length;
  let lowest = 1;
  let previous = -1;
  let rising = false;
  for (let lag = minLag; lag <= maxLag + 1 && lag < frame; lag += 1) {
    let product = 0;
    let head = 0;
    let tail = 0;
    for (let index = 0; index + lag < frame; index += 1) {
      const first = values[index]!;
      const second = values[index + lag]!;
      product += first * second;
      head += first * first;
      tail += second * second;
    }
    const correlation = head > 0 && tail > 0 ? product / Math.sqrt(head * tail) : 0;
    // The lag before this one was a peak: it rose to here and falls after.
    if (rising && correlation < previous && lag - 1 <= maxLag) {
      if (previous >= VOICED_CORRELATION && previous - lowest >= MIN_PEAK_RISE) {
        return lag - 1;
      }
    }
    rising = correlation > previous;
    lowest = Math.min(lowest, correlation);
    previous = correlation;
  }
  return null;
}
