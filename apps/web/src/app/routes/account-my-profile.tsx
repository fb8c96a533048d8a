import { ScreenHeading } from './screen-heading';

export function MyProfileRoute() {
  return (
    <ScreenHeading
      path="/account/my_profile"
      description="My Profile will show your name, email and picture, for you to change."
    />
  );
}
