import { ScreenHeading } from './screen-heading';

export function RolesRoute() {
  return (
    <ScreenHeading
      path="/account/roles"
      description="Roles will show what each person of your account may do."
    />
  );
}
