import { useParams, useSearchParams } from 'react-router';
import { PublicPlayerScreen } from '@/features/conversations/public';

/** `/s/:slug`: a published storyfile for anyone, outside the signed-in shell. */
export function PublicPlayerRoute() {
  const { slug = '' } = useParams();
  const [params] = useSearchParams();
  return <PublicPlayerScreen key={slug} slug={slug} isEmbed={params.get('embed') === '1'} />;
}
