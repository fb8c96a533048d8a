import { ScreenHeading } from './screen-heading';

export function AllScriptsRoute() {
  return (
    <ScreenHeading
      path="/topics/templates"
      description="All Scripts will list every script template of your library, to start a storyfile from."
    />
  );
}
