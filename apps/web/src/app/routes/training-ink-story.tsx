import { ScreenHeading } from './screen-heading';

export function InkStoryRoute() {
  return (
    <ScreenHeading
      path="/training/ink_story"
      description="Ink stories will script branching conversations that go beyond single answers."
    />
  );
}
