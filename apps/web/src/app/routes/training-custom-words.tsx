import { ScreenHeading } from './screen-heading';

export function CustomWordsRoute() {
  return (
    <ScreenHeading
      path="/training/custom_words"
      description="Custom words will teach the matcher the names and terms of your storyfiles."
    />
  );
}
