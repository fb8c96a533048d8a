import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { compileInkSource } from '@conversa/contracts/ink/compile-ink';
import { InProcessInkWorker } from '../test/in-process-worker';
import { EMPTY_PLAY_SCRIPT, type PlayScript } from '../utils/playthrough';
import { usePlaythrough } from './use-playthrough';

const { compiledJson } = compileInkSource(
  `VAR mood = "calm"
Hello.
* [Harbour] -> harbour
== harbour
~ mood = "warm"
Boats.
-> END
`,
  [],
);
const WATCH = ['mood'];

describe('usePlaythrough', () => {
  beforeEach(() => {
    vi.stubGlobal('Worker', InProcessInkWorker);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('plays the story in the ink worker and plays it again along a new script', async () => {
    const { result, rerender } = renderHook(
      ({ script }: { script: PlayScript }) => usePlaythrough(compiledJson, script, WATCH),
      { initialProps: { script: EMPTY_PLAY_SCRIPT } },
    );
    expect(result.current.played).toBeNull();
    await waitFor(() => expect(result.current.isPlaying).toBe(false));
    expect(result.current.played!.turns[0]!.lines.map((line) => line.text)).toEqual(['Hello.']);
    expect(result.current.played!.choices.map((choice) => choice.text)).toEqual(['Harbour']);

    act(() => rerender({ script: { ...EMPTY_PLAY_SCRIPT, choices: [0] } }));
    // The last answer stays until the new one comes.
    expect(result.current.isPlaying).toBe(true);
    expect(result.current.played!.replayedChoices).toEqual([]);
    await waitFor(() => expect(result.current.isPlaying).toBe(false));
    expect(result.current.played!.replayedChoices).toEqual([0]);
    expect(result.current.played!.hasEnded).toBe(true);
    expect(result.current.played!.variables).toEqual([{ name: 'mood', value: 'warm' }]);
  });
});
