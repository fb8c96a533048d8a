import { ScreenHeading } from './screen-heading';

export function PopularStoryfilesRoute() {
  return (
    <ScreenHeading
      path="/storyfiles/popular"
      description="Popular will rank the storyfiles the mobile app users talk to most."
    />
  );
}
