import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InProcessInkWorker } from '../test/in-process-worker';
import { useInkCompiler } from './use-ink-compiler';

const QUESTIONS: { id: string; text: string; isRecorded: boolean }[] = [];

const story = (harbourText: string, extraKnot = '') => `Hello.
* [Harbour] -> harbour
* [Hills] -> hills

== harbour
${harbourText}
-> END

== hills
Wind on the hills.
-> END
${extraKnot}`;

describe('useInkCompiler', () => {
  beforeEach(() => {
    vi.stubGlobal('Worker', InProcessInkWorker);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('keeps the outline while only text inside a knot changes, and updates it when a knot is added or renamed', async () => {
    const { result, rerender } = renderHook(({ source }) => useInkCompiler(source, QUESTIONS), {
      initialProps: { source: story('Boats in the harbour.') },
    });
    await waitFor(() => expect(result.current.isCompiling).toBe(false));
    const first = result.current.result!;
    expect(first.outline.map((entry) => entry.name)).toEqual(['harbour', 'hills']);

    // Text typed inside a knot: a new compiled story and word count, the same outline object.
    act(() => rerender({ source: story('Boats and gulls in the harbour, and more boats.') }));
    await waitFor(() => expect(result.current.isCompiling).toBe(false));
    const second = result.current.result!;
    expect(second.compiledJson).not.toBe(first.compiledJson);
    expect(second.stats.words).toBeGreaterThan(first.stats.words);
    expect(second.outline).toBe(first.outline);
    expect(second.variableNames).toBe(first.variableNames);
    expect(second.messages).toBe(first.messages);

    // A knot added: a new outline with it.
    act(() =>
      rerender({
        source: story(
          'Boats and gulls in the harbour, and more boats.',
          '\n== market\nFish.\n-> END\n',
        ),
      }),
    );
    await waitFor(() => expect(result.current.isCompiling).toBe(false));
    const third = result.current.result!;
    expect(third.outline).not.toBe(second.outline);
    expect(third.outline.map((entry) => entry.name)).toEqual(['harbour', 'hills', 'market']);

    // A knot renamed: the outline says the new name.
    act(() =>
      rerender({
        source: story(
          'Boats and gulls in the harbour, and more boats.',
          '\n== fish_market\nFish.\n-> END\n',
        ),
      }),
    );
    await waitFor(() => expect(result.current.isCompiling).toBe(false));
    expect(result.current.result!.outline.map((entry) => entry.name)).toEqual([
      'harbour',
      'hills',
      'fish_market',
    ]);
  });
});
