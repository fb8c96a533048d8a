import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  IMPORTED_NAME_SUFFIX,
  MEDIA_FILES,
  NAME_MAX_LENGTH,
  OPTIONAL_MEDIA_FILES,
  formatStoryfileNameTakenMessage,
  type MediaFiles,
} from '@conversa/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { conflict } from '../../http/errors.ts';
import type { MediaStore } from '../../media/media-store.ts';
import { setMatchingThresholdCopy } from '../conversations/index.ts';
import { insertInkCopy } from '../ink/index.ts';
import { isUniqueViolation, type Executor } from '../lists/index.ts';
import { insertVideoCopies, newVideoCopyLocation, trialUsage } from '../media/index.ts';
import { setRecognizerCopy } from '../speech/index.ts';
import { insertStoryfileCopy } from '../storyfiles/index.ts';
import { storyfiles } from '../storyfiles/storyfiles.tables.ts';
import { insertVocabularyCopy } from '../training/index.ts';
import { insertTranscriptCopies, type TranscriptCopy } from '../transcripts/index.ts';
import type { Manifest, PackageFile, PackageVideo } from './manifest.ts';

import type { MediaPlanEntry } from './packages.tables.ts';

export type { MediaPlanEntry };

/** Whether a name is free in the namespace (any case, deleted storyfiles' names included). */
async function isNameFree(db: Executor, namespaceId: string, name: string): Promise<boolean> {
  const found = await db
    .select({ id: storyfiles.id })
    .from(storyfiles)
    .where(
      and(eq(storyfiles.namespaceId, namespaceId), sql`lower(${storyfiles.name}) = lower(${name})`),
    );
  return found.length === 0;
}

/**
 * The name an import creates: the person's choice as given (a taken one is refused), else the
 * package's name, else with " (imported)", then " (imported 2)", ... until one is free.
 */
export async function chooseImportName(
  db: Executor,
  namespaceId: string,
  packageName: string,
  requested: string | undefined,
  suffix = IMPORTED_NAME_SUFFIX,
): Promise<{ name: string; isNameTaken: boolean }> {
  if (requested !== undefined) {
    return { name: requested, isNameTaken: !(await isNameFree(db, namespaceId, requested)) };
  }
  if (await isNameFree(db, namespaceId, packageName)) {
    return { name: packageName, isNameTaken: false };
  }
  const base = suffix.replace(/\)$/, '');
  // A name at the limit is shortened so that its suffix fits and the name stays savable.
  const withTail = (tail: string) =>
    `${packageName.slice(0, NAME_MAX_LENGTH - tail.length).trimEnd()}${tail}`;
  for (let attempt = 1; attempt < 1000; attempt += 1) {
    const candidate = withTail(attempt === 1 ? suffix : `${base} ${attempt})`);
    if (await isNameFree(db, namespaceId, candidate)) {
      return { name: candidate, isNameTaken: true };
    }
  }
  return { name: withTail(suffix), isNameTaken: true };
}

const filesOf = (video: PackageVideo, sizes: Map<string, PackageFile>) => {
  const entry = (role: string, filePath: string, name: string, contentType: string) => ({
    role,
    path: filePath,
    file: { name, contentType, sizeBytes: sizes.get(filePath)?.sizeBytes ?? 0 },
  });
  const list = [
    entry('video', video.video, MEDIA_FILES.video.name, MEDIA_FILES.video.contentType),
    entry('poster', video.poster, MEDIA_FILES.poster.name, MEDIA_FILES.poster.contentType),
    entry('audio', video.audio, MEDIA_FILES.audio.name, MEDIA_FILES.audio.contentType),
    ...(video.captions
      ? [
          entry(
            'captions',
            video.captions,
            OPTIONAL_MEDIA_FILES.captions.name,
            OPTIONAL_MEDIA_FILES.captions.contentType,
          ),
        ]
      : []),
  ];
  return list;
};

/**
 * Creates the storyfile a manifest describes, in ONE transaction through the owning modules'
 * functions (script, clips, starters, media rows, ink, vocabulary, threshold, recognizer), and
 * answers the media folders to publish once it has committed. `onCommitting` runs inside the
 * transaction last (the import job records the new storyfile and its plan there).
 */
export async function createStoryfileFromManifest(
  db: Database,
  input: {
    manifest: Manifest;
    namespaceId: string;
    name: string;
    userId: string;
    onCommitting?: (tx: Executor, storyfileId: string, plan: MediaPlanEntry[]) => Promise<void>;
  },
): Promise<{ storyfileId: string; plan: MediaPlanEntry[] }> {
  const { manifest, userId, namespaceId } = input;
  const sizes = new Map(manifest.files.map((file) => [file.path, file]));
  try {
    return await db.transaction(async (tx) => {
      const { storyfileId, questionIds } = await insertStoryfileCopy(tx, trialUsage, {
        namespaceId,
        name: input.name,
        description: manifest.storyfile.description,
        language: manifest.storyfile.language,
        status: manifest.storyfile.status,
        avatarUrl: manifest.storyfile.avatarUrl,
        userId,
        topics: manifest.topics.map((topic) => ({
          name: topic.name,
          questions: topic.questions.map((question) => ({
            key: question.key,
            text: question.text,
            alternates: question.alternates,
            isAnswered: question.answer !== null,
          })),
        })),
        starters: manifest.starters,
        clips: manifest.clips.map((clip) => ({
          kind: clip.kind,
          prompt: clip.prompt,
          isRecorded: clip.video !== null,
        })),
      });
      const plan: MediaPlanEntry[] = [];
      const videos: Parameters<typeof insertVideoCopies>[1]['videos'] = [];
      const transcripts: Array<TranscriptCopy | undefined> = [];
      const addVideo = (
        video: PackageVideo,
        target: { questionId: string } | { clipKind: Manifest['clips'][number]['kind'] },
      ) => {
        const location = newVideoCopyLocation();
        const list = filesOf(video, sizes);
        plan.push({
          storagePrefix: location.storagePrefix,
          files: Object.fromEntries(list.map((item) => [item.file.name, item.path])),
        });
        videos.push({
          ...location,
          target,
          files: Object.fromEntries(
            list.map((item) => [item.role, item.file]),
          ) as unknown as MediaFiles<{ name: string; contentType: string; sizeBytes: number }>,
          durationMs: video.durationMs,
          width: video.width,
          height: video.height,
        });
        transcripts.push(video.transcript);
      };
      for (const topic of manifest.topics) {
        for (const question of topic.questions) {
          if (question.answer) {
            addVideo(question.answer, { questionId: questionIds.get(question.key)! });
          }
        }
      }
      for (const clip of manifest.clips) {
        if (clip.video) {
          addVideo(clip.video, { clipKind: clip.kind });
        }
      }
      const assetIds = await insertVideoCopies(tx, { storyfileId, userId, videos });
      await insertTranscriptCopies(
        tx,
        storyfileId,
        assetIds.flatMap((assetId, index) => {
          const transcript = transcripts[index];
          return transcript ? [{ assetId, transcript }] : [];
        }),
      );
      // Ink sources name questions by id (`# answer: <id>`): the exporting studio's ids become
      // the new ones before the sources are compiled again.
      const idChanges: Array<[string, string]> = manifest.topics.flatMap((topic) =>
        topic.questions.flatMap((question) =>
          question.id ? [[question.id, questionIds.get(question.key)!] as [string, string]] : [],
        ),
      );
      await insertInkCopy(tx, {
        storyfileId,
        userId,
        publishedVersionNumber: manifest.ink.publishedVersionNumber,
        questions: manifest.topics.flatMap((topic) =>
          topic.questions.map((question) => ({
            id: questionIds.get(question.key)!,
            text: question.text,
            isRecorded: question.answer !== null,
          })),
        ),
        versions: manifest.ink.versions.map((version) => ({
          number: version.number,
          source: idChanges.reduce(
            (source, [from, to]) => source.replaceAll(from, to),
            version.source,
          ),
          restoredFromNumber: version.restoredFromNumber,
          createdAt: new Date(version.createdAt),
        })),
      });
      await insertVocabularyCopy(tx, {
        namespaceId,
        storyfileId,
        userId,
        categories: manifest.vocabulary.customCategories,
        words: manifest.vocabulary.customWords,
      });
      await setMatchingThresholdCopy(tx, storyfileId, manifest.settings.threshold);
      await setRecognizerCopy(tx, storyfileId, manifest.settings.recognizer);
      await input.onCommitting?.(tx, storyfileId, plan);
      return { storyfileId, plan };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'storyfiles_namespace_name_key')) {
      throw conflict(formatStoryfileNameTakenMessage(input.name));
    }
    if (isUniqueViolation(error, 'storyfile_questions_storyfile_text_key')) {
      throw conflict(
        'The package asks the same question twice; a storyfile asks each question once.',
      );
    }
    throw error;
  }
}

/**
 * Moves the unpacked files into place, one video folder at a time (`publishDirectory`: a rename on
 * the file store, uploads on S3). Runs after the commit; running it again (a retried job) publishes
 * the same folders again, replacing whatever a killed run left.
 */
export async function publishMediaPlan(
  mediaStore: MediaStore,
  plan: MediaPlanEntry[],
  unpacked: Map<string, string>,
  onFolder?: (index: number) => Promise<void>,
): Promise<void> {
  for (const [index, entry] of plan.entries()) {
    await onFolder?.(index);
    const staging = await mediaStore.createStagingDir();
    try {
      await mkdir(staging, { recursive: true });
      for (const [name, packagePath] of Object.entries(entry.files)) {
        await rename(unpacked.get(packagePath)!, path.join(staging, name));
      }
      await mediaStore.publishDirectory(staging, entry.storagePrefix);
    } catch (error) {
      await rm(staging, { recursive: true, force: true });
      throw error;
    }
  }
}
