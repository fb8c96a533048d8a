import { ScreenHeading } from './screen-heading';

export function WhitelistRoute() {
  return (
    <ScreenHeading
      path="/account/whitelist"
      description="The whitelist will name the single-sign-on domains whose people may join your account."
    />
  );
}
