import { ScreenHeading } from './screen-heading';

export function ResponseQualityRoute() {
  return (
    <ScreenHeading
      path="/training/response_quality"
      description="Response quality will show how well answers fit the questions asked, so you know what to train."
    />
  );
}
