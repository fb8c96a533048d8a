import { ScreenHeading } from './screen-heading';

export function FeaturedStoryfilesRoute() {
  return (
    <ScreenHeading
      path="/storyfiles/featured"
      description="Featured will hold the storyfiles the mobile app puts first."
    />
  );
}
