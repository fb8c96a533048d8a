import { ScreenHeading } from './screen-heading';

export function ViewInkyStatesRoute() {
  return (
    <ScreenHeading
      path="/training/view_inky_states"
      description="This view will show the state of each ink story while a conversation runs."
    />
  );
}
