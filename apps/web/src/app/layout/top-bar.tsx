import { LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandLogo, useBrand } from '@/components/brand';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { Button } from '@/components/ui/button';

/** The top bar (spec §2 Layout): breadcrumbs, the logo and the logout control. */
export function TopBar({
  pathname,
  menuButton,
  onLogout,
}: {
  pathname: string;
  menuButton: ReactNode;
  onLogout: () => void;
}) {
  const brand = useBrand();
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="flex h-14 items-center gap-3 px-4 sm:px-6">
        {menuButton}
        <div className="min-w-0 flex-1">
          <Breadcrumbs pathname={pathname} />
        </div>
        <Link to="/dashboard" className="shrink-0 rounded-lg" aria-label={`${brand.name} home`}>
          <BrandLogo className="size-8" />
        </Link>
        <Button
          variant="text"
          size="sm"
          onClick={onLogout}
          icon={<LogOut className="size-4" aria-hidden="true" />}
        >
          Logout
        </Button>
      </div>
    </header>
  );
}
