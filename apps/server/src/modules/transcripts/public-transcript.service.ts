import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { PublicTranscript } from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { mediaAssets } from '../media/media.tables.ts';
import { storyfileQuestions, storyfileTopics } from '../storyfiles/storyfiles.tables.ts';
import { videoTranscripts } from './transcripts.tables.ts';

/** The published storyfile of a share slug, or a 404 (publishing's, handed in by the assembly). */
export type FindPublishedStoryfile = (
  slug: string,
) => Promise<{ id: string; name: string; language: string }>;

/**
 * The text alternative of a published storyfile (WCAG 2.2 SC 1.2.8, technique G203): every
 * recorded question in script order with its answer's words, for people who cannot play the
 * video or its sound. 404 when the storyfile is not published.
 */
export async function getPublicTranscript(
  db: Database,
  slug: string,
  findPublishedStoryfile: FindPublishedStoryfile,
): Promise<PublicTranscript> {
  const storyfile = await findPublishedStoryfile(slug);
  const [rows, intro] = await Promise.all([
    db
      .select({
        questionId: storyfileQuestions.id,
        topic: storyfileTopics.name,
        question: storyfileQuestions.text,
        text: videoTranscripts.text,
      })
      .from(mediaAssets)
      .innerJoin(storyfileQuestions, eq(storyfileQuestions.id, mediaAssets.storyfileQuestionId))
      .innerJoin(storyfileTopics, eq(storyfileTopics.id, storyfileQuestions.storyfileTopicId))
      .leftJoin(videoTranscripts, eq(videoTranscripts.assetId, mediaAssets.id))
      .where(eq(mediaAssets.storyfileId, storyfile.id))
      .orderBy(asc(storyfileTopics.position), asc(storyfileQuestions.position)),
    db
      .select({ text: videoTranscripts.text })
      .from(mediaAssets)
      .innerJoin(videoTranscripts, eq(videoTranscripts.assetId, mediaAssets.id))
      .where(
        and(
          eq(mediaAssets.storyfileId, storyfile.id),
          isNotNull(mediaAssets.clipKind),
          eq(mediaAssets.clipKind, 'intro'),
        ),
      ),
  ]);
  return {
    slug,
    name: storyfile.name,
    language: storyfile.language,
    introduction: intro[0]?.text ? intro[0].text : null,
    entries: rows.map((row) => ({ ...row, text: row.text ?? '' })),
  };
}
