import { useEffect, useState } from 'react';
import { computeAudioLevel } from '../utils/audio-level';

const UPDATE_EVERY_MS = 80;
/** How fast the meter falls back after a peak (per update), so speech reads as a steady bar. */
const DECAY = 0.75;

type AudioContextConstructor = typeof AudioContext;

function getAudioContextConstructor(): AudioContextConstructor | undefined {
  return (globalThis as { AudioContext?: AudioContextConstructor }).AudioContext;
}

/** Loudness 0..1 of the stream's microphone, measured with a Web Audio AnalyserNode. */
export function useAudioLevel(stream: MediaStream | null): number {
  const [reading, setReading] = useState<{ stream: MediaStream; level: number } | null>(null);

  useEffect(() => {
    const AudioContextClass = getAudioContextConstructor();
    if (
      stream === null ||
      AudioContextClass === undefined ||
      stream.getAudioTracks().length === 0
    ) {
      return;
    }
    const context = new AudioContextClass();
    const source = context.createMediaStreamSource(stream);
    const analyser = context.createAnalyser();
    analyser.fftSize = 1024;
    source.connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    let level = 0;
    let lastUpdate = 0;
    let frame = requestAnimationFrame(function measure(time) {
      analyser.getFloatTimeDomainData(samples);
      level = Math.max(computeAudioLevel(samples), level * DECAY);
      if (time - lastUpdate >= UPDATE_EVERY_MS) {
        lastUpdate = time;
        setReading({ stream, level });
      }
      frame = requestAnimationFrame(measure);
    });
    // Browsers may start an audio context suspended until the person interacts with the page.
    const resume = () => void context.resume().catch(() => undefined);
    resume();
    window.addEventListener('pointerdown', resume);
    window.addEventListener('keydown', resume);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('pointerdown', resume);
      window.removeEventListener('keydown', resume);
      source.disconnect();
      void context.close().catch(() => undefined);
    };
  }, [stream]);

  return reading !== null && reading.stream === stream ? reading.level : 0;
}
