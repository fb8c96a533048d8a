import { ActivityConversationPlayer } from '@/features/conversations/public';
import { MyActivitiesScreen, type ActivityPlayerSlot } from '@/features/learning';

// The student's conversation is the studio's own player (idle loop, intro, starters, typed and
// spoken questions, story choices), asking through the learning module's endpoint. No ratings:
// a student's thumbs would land in the author's review inbox, and students can call nothing else.
function renderPlayer({ storyfile, ask, resumeKey, activityId }: ActivityPlayerSlot) {
  return (
    <ActivityConversationPlayer
      activityId={activityId}
      storyfileId={storyfile.id}
      name={storyfile.name}
      language={storyfile.language}
      clips={storyfile.clips}
      starters={storyfile.starters}
      ask={ask}
      hasStory={storyfile.hasStory}
      resumeKey={resumeKey}
      speechHints={storyfile.speechHints}
    />
  );
}

export function LearningMyActivitiesRoute() {
  return <MyActivitiesScreen renderPlayer={renderPlayer} />;
}
