import { ScreenHeading } from './screen-heading';

export function TeamsRoute() {
  return (
    <ScreenHeading
      path="/account/teams"
      description="Teams will group the people of your account who work on the same storyfiles."
    />
  );
}
