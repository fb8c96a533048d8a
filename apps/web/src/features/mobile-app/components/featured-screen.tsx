import { findRoute } from '@conversa/contracts';
import { Plus, Star } from 'lucide-react';
import { useState } from 'react';
import { DragDropProvider } from '@/components/drag-and-drop';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { messageOf } from '@/lib/api-client';
import { useFeatured } from '../api/featured';
import { AddFeaturedDialog } from './add-featured-dialog';
import { FeaturedList } from './featured-list';
import { FETCH_FAILED } from './messages';

/** /storyfiles/featured: the featured storyfiles in the app's order. */
export function FeaturedScreen() {
  const featured = useFeatured();
  const [isAdding, setIsAdding] = useState(false);
  const items = featured.data?.items ?? [];
  return (
    <div className="space-y-4">
      <PageHeader
        title={findRoute('/storyfiles/featured')?.label ?? 'Featured'}
        description="The storyfiles the mobile app puts first, in this order. Drag them, or use the arrows, to reorder."
        actions={
          <Button
            variant="primary"
            icon={<Plus className="size-4" aria-hidden="true" />}
            onClick={() => setIsAdding(true)}
          >
            Feature a storyfile
          </Button>
        }
      />
      {featured.isPending ? (
        <Spinner label="Loading featured storyfiles" />
      ) : featured.error ? (
        <Alert kind="error">{messageOf(featured.error, FETCH_FAILED)}</Alert>
      ) : items.length === 0 ? (
        <div className="flex items-start gap-3 rounded-xl border border-dashed border-slate-300 bg-white p-6 text-slate-700">
          <Star className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
          <p>Nothing is featured yet. Feature storyfiles that are in the app to show them first.</p>
        </div>
      ) : (
        <DragDropProvider>
          <FeaturedList items={items} />
        </DragDropProvider>
      )}
      {isAdding ? (
        <AddFeaturedDialog
          featuredIds={items.map((item) => item.storyfileId)}
          onClose={() => setIsAdding(false)}
        />
      ) : null}
    </div>
  );
}
