import { InkStatesScreen } from '@/features/ink';
import { ScreenHeading } from './screen-heading';

export function ViewInkyStatesRoute() {
  return (
    <div className="flex flex-col gap-6">
      <ScreenHeading
        path="/training/view_inky_states"
        description="The ink story state of each conversation: where it stands, its variables, and whether it still fits the published story."
      />
      <InkStatesScreen />
    </div>
  );
}
