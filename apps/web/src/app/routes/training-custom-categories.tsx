import { ScreenHeading } from './screen-heading';

export function CustomCategoriesRoute() {
  return (
    <ScreenHeading
      path="/training/custom_categories"
      description="Custom categories will group questions so that similar ones find the same answer."
    />
  );
}
