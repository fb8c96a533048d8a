import { and, asc, eq, isNotNull } from 'drizzle-orm';
import {
  getTranscriptReview,
  getVisitorWords,
  type PublicTranscript,
  type TranscriptReview,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { mediaAssets } from '../media/media.tables.ts';
import { storyfileQuestions, storyfileTopics } from '../storyfiles/storyfiles.tables.ts';
import { getTranscriptSettings } from './transcript-review.service.ts';
import { videoTranscripts } from './transcripts.tables.ts';

/** The published storyfile of a share slug, or a 404 (publishing's, handed in by the assembly). */
export type FindPublishedStoryfile = (
  slug: string,
) => Promise<{ id: string; name: string; language: string }>;

const transcriptColumns = {
  status: videoTranscripts.status,
  source: videoTranscripts.source,
  text: videoTranscripts.text,
  approvedAt: videoTranscripts.approvedAt,
};

type TranscriptColumns = {
  status: 'pending' | 'draft' | 'edited' | 'failed' | null;
  source: 'recognizer' | 'captions' | 'author' | null;
  text: string | null;
  approvedAt: Date | null;
};

function reviewOf(row: TranscriptColumns): TranscriptReview {
  return getTranscriptReview({
    status: row.status ?? 'pending',
    source: row.source,
    text: row.text ?? '',
    approvedAt: row.approvedAt,
  });
}

/**
 * The text alternative of a published storyfile (WCAG 2.2 SC 1.2.8, technique G203): every
 * recorded question in script order with its answer's words, for people who cannot play the
 * video or its sound. Only words an author reviewed are shown, or drafts labelled automatic when
 * the storyfile publishes them (issue 52). 404 when the storyfile is not published.
 */
export async function getPublicTranscript(
  db: Database,
  slug: string,
  findPublishedStoryfile: FindPublishedStoryfile,
): Promise<PublicTranscript> {
  const storyfile = await findPublishedStoryfile(slug);
  const [rows, intro, settings] = await Promise.all([
    db
      .select({
        questionId: storyfileQuestions.id,
        topic: storyfileTopics.name,
        question: storyfileQuestions.text,
        ...transcriptColumns,
      })
      .from(mediaAssets)
      .innerJoin(storyfileQuestions, eq(storyfileQuestions.id, mediaAssets.storyfileQuestionId))
      .innerJoin(storyfileTopics, eq(storyfileTopics.id, storyfileQuestions.storyfileTopicId))
      .leftJoin(videoTranscripts, eq(videoTranscripts.assetId, mediaAssets.id))
      .where(eq(mediaAssets.storyfileId, storyfile.id))
      .orderBy(asc(storyfileTopics.position), asc(storyfileQuestions.position)),
    db
      .select(transcriptColumns)
      .from(mediaAssets)
      .innerJoin(videoTranscripts, eq(videoTranscripts.assetId, mediaAssets.id))
      .where(
        and(
          eq(mediaAssets.storyfileId, storyfile.id),
          isNotNull(mediaAssets.clipKind),
          eq(mediaAssets.clipKind, 'intro'),
        ),
      ),
    getTranscriptSettings(db, storyfile.id),
  ]);
  const introWords = intro[0] ? getVisitorWords(reviewOf(intro[0]), settings.publishDrafts) : null;
  return {
    slug,
    name: storyfile.name,
    language: storyfile.language,
    introduction: introWords && intro[0]?.text ? intro[0].text : null,
    isIntroductionAutomatic: introWords === 'automatic',
    entries: rows.map(({ questionId, topic, question, ...transcript }) => {
      const review = reviewOf(transcript);
      const shown = getVisitorWords(review, settings.publishDrafts);
      return {
        questionId,
        topic,
        question,
        text: shown ? (transcript.text ?? '') : '',
        words: shown ?? (review === 'no-speech' ? 'no-speech' : 'in-review'),
      };
    }),
  };
}
