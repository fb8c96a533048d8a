import { ScreenHeading } from './screen-heading';

export function LearningStudentsRoute() {
  return (
    <ScreenHeading
      path="/learning/students"
      description="Students will list the learners of your activities and their progress."
    />
  );
}
