import { ActivityConversationPlayer } from '@/features/conversations/public';
import { MyActivitiesScreen, type ActivityPlayerSlot } from '@/features/learning';

// The student's conversation is the studio's own player (idle loop, intro, starters, typed and
// spoken questions, story choices, thumbs on each answer), asking and rating through the learning
// module's endpoints: a rating is kept on the attempt's exchange, as the public player's are.
function renderPlayer({ storyfile, ask, resumeKey, activityId, rate }: ActivityPlayerSlot) {
  return (
    <ActivityConversationPlayer
      activityId={activityId}
      storyfileId={storyfile.id}
      name={storyfile.name}
      language={storyfile.language}
      clips={storyfile.clips}
      starters={storyfile.starters}
      ask={ask}
      rate={rate}
      hasStory={storyfile.hasStory}
      resumeKey={resumeKey}
      speechHints={storyfile.speechHints}
    />
  );
}

export function LearningMyActivitiesRoute() {
  return <MyActivitiesScreen renderPlayer={renderPlayer} />;
}
