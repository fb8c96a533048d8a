import { ScreenHeading } from './screen-heading';

export function MobileStoryfilesRoute() {
  return (
    <ScreenHeading
      path="/mobile/storyfiles"
      description="This list will choose which storyfiles the mobile app offers."
    />
  );
}
