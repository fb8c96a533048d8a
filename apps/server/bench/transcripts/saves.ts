// The save's re-timing (issue 53 item 3): how long `alignEditedCues` holds the event loop for a
// long transcript saved with `timing: 'align'`, every caption changed (one run over the whole
// recording) and every other caption changed (many small runs), beside the work it counted.
import { alignEditedCues } from '../../src/modules/transcripts/align.ts';
import { createAlignmentWork } from '../../src/modules/transcripts/align-words.ts';
import { median } from '../speech/measures.ts';

const HEARD_WORDS = 9_000;

function heardRecording() {
  return Array.from({ length: HEARD_WORDS }, (_, index) => ({
    text: `word${index % 97}`,
    startMs: index * 400,
    endMs: index * 400 + 300,
    confidence: 0.9,
  }));
}

/** Saves of 2,500 and 5,000 captions of 20 characters, timed five times each (median). */
export function measureSaves(): Record<string, unknown>[] {
  const heard = heardRecording();
  const rows: Record<string, unknown>[] = [];
  for (const captions of [2_500, 5_000]) {
    const previous = Array.from({ length: captions }, (_, index) => ({
      startMs: index * 700,
      endMs: index * 700 + 600,
      text: `caption ${String(index).padStart(6, '0')} said`,
    }));
    for (const changed of ['every caption', 'every other caption'] as const) {
      const edited = previous.map((cue, index) =>
        changed === 'every caption' || index % 2 === 0
          ? { ...cue, text: `caption ${String(index).padStart(6, '0')} edit` }
          : cue,
      );
      const times: number[] = [];
      let work = createAlignmentWork();
      for (let round = 0; round < 5; round += 1) {
        work = createAlignmentWork();
        const started = performance.now();
        alignEditedCues(edited, previous, heard, work);
        times.push(performance.now() - started);
      }
      rows.push({
        captions,
        changed,
        heardWords: HEARD_WORDS,
        medianMs: Number(median(times).toFixed(1)),
        cells: work.cells,
        steps: work.steps,
      });
    }
  }
  return rows;
}
