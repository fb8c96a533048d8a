import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { AskMedia, ClipKind } from '@conversa/contracts';
import { mediaAssets, type MediaAssetFile } from '../media/media.tables.ts';
import type { MediaUrlSigner } from '../media/index.ts';
import { readVisitorWords, type VisitorWords } from '../transcripts/index.ts';
import type { ConversationEngine } from './engine.ts';

/**
 * A signed video, poster and captions of an asset for `grantee` (a user id or a visitor key). The
 * captions and what is said come only with `words`, what visitors may read of it
 * (`readVisitorWords`): a draft no author reviewed is never signed for a visitor (issue 52).
 */
export function signAssetMedia(
  signer: MediaUrlSigner,
  asset: { id: string; files: Partial<Record<string, MediaAssetFile>> },
  grantee: string,
  words: VisitorWords | undefined,
  now = Date.now(),
): AskMedia | null {
  const { video, poster, captions } = asset.files;
  if (!video) {
    return null;
  }
  const sign = (file: MediaAssetFile) =>
    signer.createUrl({ assetId: asset.id, file: file.name, userId: grantee }, now);
  const signedVideo = sign(video);
  return {
    url: signedVideo.url,
    posterUrl: poster ? sign(poster).url : '',
    captionsUrl: captions && words ? sign(captions).url : null,
    areCaptionsAutomatic: words?.isAutomatic ?? false,
    said: words && words.text !== '' ? words.text : null,
    expiresAt: signedVideo.expiresAt.toISOString(),
  };
}

/** The recorded clips of a storyfile among `kinds`, signed. */
export async function signStoryfileClips<Kind extends ClipKind>(
  engine: ConversationEngine,
  storyfileId: string,
  kinds: readonly Kind[],
  grantee: string,
): Promise<Record<Kind, AskMedia | null>> {
  const rows = await engine.db
    .select({ id: mediaAssets.id, files: mediaAssets.files, clipKind: mediaAssets.clipKind })
    .from(mediaAssets)
    .where(
      and(
        eq(mediaAssets.storyfileId, storyfileId),
        isNotNull(mediaAssets.clipKind),
        inArray(mediaAssets.clipKind, [...kinds]),
      ),
    );
  const clips = Object.fromEntries(kinds.map((kind) => [kind, null])) as Record<
    Kind,
    AskMedia | null
  >;
  const words = await readVisitorWords(
    engine.db,
    rows.map((row) => row.id),
  );
  for (const row of rows) {
    clips[row.clipKind as Kind] = signAssetMedia(engine.signer, row, grantee, words.get(row.id));
  }
  return clips;
}
