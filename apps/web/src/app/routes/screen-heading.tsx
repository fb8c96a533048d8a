import { findRoute, type AppPath } from '@conversa/contracts';
import { PageHeader } from '@/components/page-header';

/** A screen's heading, named as in the route table (and so as in the left menu). */
export function ScreenHeading({ path, description }: { path: AppPath; description: string }) {
  return <PageHeader title={findRoute(path)?.label ?? path} description={description} />;
}
