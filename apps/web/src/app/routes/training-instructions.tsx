import { ScreenHeading } from './screen-heading';

export function InstructionsRoute() {
  return (
    <ScreenHeading
      path="/training/instructions"
      description="Instructions will explain how to train a storyfile to answer better."
    />
  );
}
