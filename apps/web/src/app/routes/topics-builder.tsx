import { ScreenHeading } from './screen-heading';

export function ScriptBuilderRoute() {
  return (
    <ScreenHeading
      path="/topics/builder"
      description="The Script Builder is where you will arrange topics and questions into a script by dragging them."
    />
  );
}
