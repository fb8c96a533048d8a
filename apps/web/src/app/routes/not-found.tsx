import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';

/** Inside the shell: the menu stays, so the way on is one click away. */
export function NotFoundRoute() {
  return (
    <div className="space-y-6">
      <PageHeader title="Page not found" description="There is nothing at this address." />
      <Link to="/dashboard" className="inline-block font-semibold text-brand-700 hover:underline">
        Back to the dashboard
      </Link>
    </div>
  );
}
