import { and, asc, eq, isNull, or } from 'drizzle-orm';
import {
  CLIP_KINDS,
  STORYFILE_NOT_FOUND_MESSAGE,
  STORYFILE_PACKAGE_FORMAT_VERSION,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { storyfileMatchingSettings } from '../conversations/conversations.tables.ts';
import { inkStories, inkStoryVersions } from '../ink/ink.tables.ts';
import { mediaAssets } from '../media/media.tables.ts';
import { storyfileSpeechSettings } from '../speech/speech.tables.ts';
import {
  storyfileClips,
  storyfileQuestions,
  storyfileStarters,
  storyfileTopics,
  storyfiles,
} from '../storyfiles/storyfiles.tables.ts';
import { customCategories, customWords } from '../training/training.tables.ts';
import { readTranscriptCopies } from '../transcripts/index.ts';
import { MANIFEST_FORMAT, type Manifest, type PackageVideo } from './manifest.ts';
import type { PackedMedia } from './package-writer.ts';

type Asset = typeof mediaAssets.$inferSelect;

/**
 * Reads a storyfile as a package manifest (without the checksums, which the writer adds) and the
 * media files to pack with it: its script, clips, starters, threshold and recognizer, the
 * vocabulary the matcher uses for it (its namespace's categories and words and its own
 * categories), its ink story's versions and which is published. No chat logs, people, share links
 * or secrets: the reads below never touch them.
 */
export async function readStoryfileSnapshot(
  db: Database,
  storyfileId: string,
  exportedFrom: string,
): Promise<{ manifest: Omit<Manifest, 'files'>; media: PackedMedia[]; namespaceId: string }> {
  const [storyfile] = await db.select().from(storyfiles).where(eq(storyfiles.id, storyfileId));
  if (!storyfile) {
    throw notFound(STORYFILE_NOT_FOUND_MESSAGE);
  }
  const [topics, questions, clips, starters, assets, threshold, speech, categories, words] =
    await Promise.all([
      db
        .select()
        .from(storyfileTopics)
        .where(eq(storyfileTopics.storyfileId, storyfileId))
        .orderBy(asc(storyfileTopics.position), asc(storyfileTopics.id)),
      db
        .select()
        .from(storyfileQuestions)
        .where(eq(storyfileQuestions.storyfileId, storyfileId))
        .orderBy(asc(storyfileQuestions.position), asc(storyfileQuestions.id)),
      db.select().from(storyfileClips).where(eq(storyfileClips.storyfileId, storyfileId)),
      db
        .select()
        .from(storyfileStarters)
        .where(eq(storyfileStarters.storyfileId, storyfileId))
        .orderBy(asc(storyfileStarters.position)),
      db.select().from(mediaAssets).where(eq(mediaAssets.storyfileId, storyfileId)),
      db
        .select({ threshold: storyfileMatchingSettings.threshold })
        .from(storyfileMatchingSettings)
        .where(eq(storyfileMatchingSettings.storyfileId, storyfileId)),
      db
        .select({ recognizer: storyfileSpeechSettings.recognizer })
        .from(storyfileSpeechSettings)
        .where(eq(storyfileSpeechSettings.storyfileId, storyfileId)),
      db
        .select()
        .from(customCategories)
        .where(
          and(
            eq(customCategories.namespaceId, storyfile.namespaceId),
            or(isNull(customCategories.storyfileId), eq(customCategories.storyfileId, storyfileId)),
          ),
        )
        .orderBy(asc(customCategories.name), asc(customCategories.id)),
      db
        .select()
        .from(customWords)
        .where(eq(customWords.namespaceId, storyfile.namespaceId))
        .orderBy(asc(customWords.term)),
    ]);
  const [ink] = await db.select().from(inkStories).where(eq(inkStories.storyfileId, storyfileId));
  const versions = await db
    .select()
    .from(inkStoryVersions)
    .where(eq(inkStoryVersions.storyfileId, storyfileId))
    .orderBy(asc(inkStoryVersions.number));

  const transcripts = await readTranscriptCopies(
    db,
    assets.map((asset) => asset.id),
  );

  const media: PackedMedia[] = [];
  const packVideo = (asset: Asset | undefined, folder: string): PackageVideo | null => {
    if (!asset) {
      return null;
    }
    const add = (file: { name: string; contentType: string }) => {
      const filePath = `media/${folder}/${file.name}`;
      media.push({
        path: filePath,
        key: `${asset.storagePrefix}/${file.name}`,
        contentType: file.contentType,
      });
      return filePath;
    };
    return {
      video: add(asset.files.video),
      poster: add(asset.files.poster),
      audio: add(asset.files.audio),
      ...(asset.files.captions ? { captions: add(asset.files.captions) } : {}),
      ...(transcripts.has(asset.id) ? { transcript: transcripts.get(asset.id)! } : {}),
      durationMs: asset.durationMs,
      width: asset.width,
      height: asset.height,
    };
  };
  const assetOfQuestion = new Map(
    assets.filter((asset) => asset.storyfileQuestionId).map((a) => [a.storyfileQuestionId!, a]),
  );
  const assetOfClip = new Map(
    assets.filter((asset) => asset.clipKind).map((asset) => [asset.clipKind!, asset]),
  );

  const keyOf = new Map<string, string>();
  let questionNumber = 0;
  const manifestTopics = topics.map((topic) => ({
    name: topic.name,
    questions: questions
      .filter((question) => question.storyfileTopicId === topic.id)
      .map((question) => {
        questionNumber += 1;
        const key = `q${questionNumber}`;
        keyOf.set(question.id, key);
        return {
          key,
          id: question.id,
          text: question.text,
          alternates: question.alternates,
          answer: packVideo(assetOfQuestion.get(question.id), `answers/${key}`),
        };
      }),
  }));
  const clipByKind = new Map(clips.map((clip) => [clip.kind, clip]));
  const manifestClips = CLIP_KINDS.map((kind) => ({
    kind,
    prompt: clipByKind.get(kind)?.prompt ?? '',
    video: packVideo(assetOfClip.get(kind), `clips/${kind}`),
  }));
  const published = versions.find((version) => version.id === ink?.publishedVersionId);

  return {
    namespaceId: storyfile.namespaceId,
    media,
    manifest: {
      format: MANIFEST_FORMAT,
      formatVersion: STORYFILE_PACKAGE_FORMAT_VERSION,
      exportedAt: new Date().toISOString(),
      exportedFrom,
      storyfile: {
        name: storyfile.nameBeforeDelete ?? storyfile.name,
        description: storyfile.description,
        language: storyfile.language,
        status: storyfile.status === 'published' ? 'ready' : storyfile.status,
        avatarUrl:
          storyfile.avatarUrl && /^https?:\/\//.test(storyfile.avatarUrl)
            ? storyfile.avatarUrl
            : null,
      },
      settings: {
        threshold: threshold[0]?.threshold ?? null,
        recognizer: speech[0]?.recognizer === 'browser' ? 'browser' : 'studio',
      },
      topics: manifestTopics,
      starters: starters.flatMap((starter) => {
        const key = keyOf.get(starter.storyfileQuestionId);
        return key ? [key] : [];
      }),
      clips: manifestClips,
      vocabulary: {
        customCategories: categories.map((category) => ({
          name: category.name,
          scope: category.storyfileId ? ('storyfile' as const) : ('namespace' as const),
          phrases: category.phrases,
        })),
        customWords: words.map((word) => ({
          term: word.term,
          displayForm: word.displayForm,
          heardAs: word.heardAs,
        })),
      },
      ink: {
        publishedVersionNumber: published?.number ?? null,
        versions: versions.map((version) => ({
          number: version.number,
          source: version.source,
          compiledJson: version.compiledJson,
          messages: version.messages,
          errorCount: version.errorCount,
          warningCount: version.warningCount,
          stats: version.stats,
          restoredFromNumber: version.restoredFromNumber,
          createdAt: version.createdAt.toISOString(),
        })),
      },
    },
  };
}
