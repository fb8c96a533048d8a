import { Link } from 'react-router';

export function NotFoundRoute() {
  return (
    <main className="mx-auto max-w-3xl px-6 py-16 text-center">
      <h1 className="text-2xl font-bold">Page not found</h1>
      <p className="mt-2 text-slate-600">There is nothing at this address.</p>
      <Link to="/dashboard" className="mt-6 inline-block font-semibold text-brand-700 underline">
        Back to the dashboard
      </Link>
    </main>
  );
}
