/**
 * Loudness 0..1 of one frame of time-domain samples (-1..1): the RMS, scaled so that normal
 * speech (RMS around 0.05-0.2) fills most of the meter; silence stays near 0.
 */
export function computeAudioLevel(samples: ArrayLike<number>): number {
  if (samples.length === 0) {
    return 0;
  }
  let sum = 0;
  for (let index = 0; index < samples.length; index += 1) {
    const sample = samples[index] ?? 0;
    sum += sample * sample;
  }
  const rms = Math.sqrt(sum / samples.length);
  if (rms <= 0) {
    return 0;
  }
  // Decibels from -60 (silent) to 0 (full scale) mapped onto 0..1: the ear hears in decibels.
  const decibels = 20 * Math.log10(rms);
  return Math.min(1, Math.max(0, (decibels + 60) / 60));
}
