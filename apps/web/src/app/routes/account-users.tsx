import { ScreenHeading } from './screen-heading';

export function UsersRoute() {
  return (
    <ScreenHeading
      path="/account/users"
      description="Users will list the people of your account, to invite them and set their roles."
    />
  );
}
