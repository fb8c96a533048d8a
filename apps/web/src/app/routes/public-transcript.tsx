import { useParams } from 'react-router';
import { PublicTranscriptScreen } from '@/features/transcripts';

/** `/s/:slug/transcript`: a published storyfile's transcript, outside the signed-in shell. */
export function PublicTranscriptRoute() {
  const { slug = '' } = useParams();
  return <PublicTranscriptScreen key={slug} slug={slug} />;
}
