import { ScreenHeading } from './screen-heading';

export function OrganizationsRoute() {
  return (
    <ScreenHeading
      path="/account/organizations"
      description="Organizations will list the organizations of your account and their settings."
    />
  );
}
