import type { StoryLineWithoutVideo } from '../utils/story-lines-without-video';
import { formatCount, selectPlural } from '@/lib/format';

/**
 * Interact's note for the author of a published ink story: it plays whatever is recorded, and
 * these lines show their text until their video is recorded.
 */
export function StoryLinesWithoutVideo({ lines }: { lines: readonly StoryLineWithoutVideo[] }) {
  if (lines.length === 0) {
    return null;
  }
  return (
    <section
      aria-labelledby="story-lines-without-video"
      className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <h3 id="story-lines-without-video" className="font-semibold">
        {selectPlural(
          lines.length,
          'A line of the story has',
          `${formatCount(lines.length, 'line')} of the story have`,
        )}{' '}
        no video yet
      </h3>
      <p className="mt-1">The story plays them as text; record their videos to see them played.</p>
      <ul className="mt-2 max-h-48 list-disc space-y-0.5 overflow-y-auto pl-5 break-words">
        {lines.map((line) => (
          <li key={`${line.line}:${line.says}`}>
            Line {line.line}: {line.says}
          </li>
        ))}
      </ul>
    </section>
  );
}
