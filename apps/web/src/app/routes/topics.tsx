import { ScreenHeading } from './screen-heading';

export function TopicsRoute() {
  return (
    <ScreenHeading
      path="/topics"
      description="Topics will group the questions of your script library, ready to fill a storyfile."
    />
  );
}
