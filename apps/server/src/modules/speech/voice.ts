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
 * Whether a recording holds speech: enough voiced frames, each loud enough and periodic at a
 * voice's pitch (the vowels of any speech). A silent loop's room noise, hiss, clicks and crackle
 * are not periodic, so they are never sent to a recognizer, which reads words into noise ("dog",
 * "thank", at full confidence): issue 52. Reads every other sample (8 kHz is plenty for pitch)
 * and stops at the first MIN_VOICED_MS found, so speech is known in a few frames.
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
    // The pitch is a peak of the autocorrelation after a dip: low-pitched noise (a room's rumble)
    // is as alike at a short lag as speech is at its period, but only falls from there.
    let best = 0;
    let lowest = 1;
    let dip = 0;
    for (let lag = minLag; lag <= maxLag; lag += 1) {
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
      lowest = Math.min(lowest, correlation);
      if (correlation > best) {
        best = correlation;
        dip = correlation - lowest;
      }
    }
    if (best >= VOICED_CORRELATION && dip >= MIN_PEAK_RISE) {
      voiced += 1;
      if (voiced >= needed) {
        return true;
      }
    }
  }
  return false;
}
