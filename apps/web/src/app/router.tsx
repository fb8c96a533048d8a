import { createBrowserRouter, Outlet } from 'react-router';
import { RequireAuth } from '@/features/auth';
import { LandingRoute } from './routes/landing';
import { DashboardRoute } from './routes/dashboard';
import { NotFoundRoute } from './routes/not-found';

export function createAppRouter() {
  return createBrowserRouter([
    { path: '/', element: <LandingRoute /> },
    {
      element: (
        <RequireAuth>
          <Outlet />
        </RequireAuth>
      ),
      children: [
        { path: '/dashboard', element: <DashboardRoute /> },
        { path: '*', element: <NotFoundRoute /> },
      ],
    },
  ]);
}
