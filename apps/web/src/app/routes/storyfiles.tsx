import { ScreenHeading } from './screen-heading';

export function StoryfilesRoute() {
  return (
    <ScreenHeading
      path="/storyfiles"
      description="StoryFiles will list the storyfiles of your namespaces, where you create, record, test and share them."
    />
  );
}
