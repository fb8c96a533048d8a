import { ScreenHeading } from './screen-heading';

export function LearningActivitiesRoute() {
  return (
    <ScreenHeading
      path="/learning"
      description="Activities will set learners a task to complete by talking to a storyfile."
    />
  );
}
