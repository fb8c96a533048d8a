/**
 * A length as `m:ss` (`0:00` … `12:05`), whole seconds rounded DOWN: the rule a browser's video
 * player uses for its own time display. Every duration the studio shows goes through here, so a
 * take labelled 0:09 never plays as 0:08 (an 8.6 s take was rounded up beside a player that
 * floors; issue 32, item 18).
 */
export function formatDuration(milliseconds: number): string {
  const totalSeconds = Math.max(0, Math.floor(milliseconds / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}
