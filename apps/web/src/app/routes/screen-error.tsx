import { isRouteErrorResponse, useRouteError } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

/**
 * Shown in place of a screen that failed to load or render, typically a screen's code chunk gone
 * after a new version was deployed; the menu and the rest of the shell keep working.
 */
export function ScreenErrorRoute() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Something went wrong.';
  return (
    <div className="space-y-6">
      <PageHeader title="This screen could not be shown" />
      <Alert kind="error">{message}</Alert>
      <Button variant="primary" onClick={() => window.location.reload()}>
        Reload the page
      </Button>
    </div>
  );
}
