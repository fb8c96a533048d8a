import { CLIP_KIND_LABELS, type ClipKind, type StoryfileDetail } from '@conversa/contracts';
import { TargetMedia } from './target-media';

/** The video of one of the four clips (the storyfile screen's `renderClipMedia` slot). */
export function ClipMedia({
  storyfile,
  isEditable,
  clipKind,
}: {
  storyfile: StoryfileDetail;
  isEditable: boolean;
  clipKind: ClipKind;
}) {
  const label =
    storyfile.clips.find((clip) => clip.kind === clipKind)?.label ?? CLIP_KIND_LABELS[clipKind];
  return (
    <TargetMedia
      storyfile={storyfile}
      isEditable={isEditable}
      name={`${label} clip`}
      target={{ kind: 'clip', clipKind, label }}
    />
  );
}
