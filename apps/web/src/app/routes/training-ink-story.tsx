import { useSearchParams } from 'react-router';
import { InkStoryScreen } from '@/features/ink';
import { ScreenHeading } from './screen-heading';

export function InkStoryRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  return (
    <div className="flex flex-col gap-6">
      <ScreenHeading
        path="/training/ink_story"
        description="Script a branching conversation in ink: its choices become suggested questions, and its tags play the storyfile's answers and clips."
      />
      <InkStoryScreen
        storyfileId={searchParams.get('storyfileId')}
        forkConversationId={searchParams.get('forkConversationId')}
        onStoryfileChange={(storyfileId) => setSearchParams({ storyfileId })}
      />
    </div>
  );
}
