import { useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useCurrentUser } from '@/features/auth';
import { InkStoryScreen } from '@/features/ink';
import { ScreenHeading } from './screen-heading';

export function InkStoryRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const me = useCurrentUser();
  return (
    <div className="flex flex-col gap-6">
      <ScreenHeading
        path="/training/ink_story"
        description="Script a branching conversation in ink: its choices become suggested questions, and its tags play the storyfile's answers and clips."
      />
      {me.data === undefined ? (
        <Spinner label="Loading" />
      ) : (
        <InkStoryScreen
          user={me.data}
          storyfileId={searchParams.get('storyfileId')}
          forkConversationId={searchParams.get('forkConversationId')}
          onStoryfileChange={(storyfileId) => setSearchParams({ storyfileId })}
        />
      )}
    </div>
  );
}
