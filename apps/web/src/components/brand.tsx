import { DEFAULT_BRAND } from '@conversa/contracts';
import { createContext, useContext, type ReactNode } from 'react';
import { webConfig } from '@/config/env';
import { toBrandView, type BrandView } from '@/lib/brand';

const BrandContext = createContext<BrandView>(toBrandView(DEFAULT_BRAND, webConfig));

/** The brand of the address the console was loaded from (main.tsx reads it before rendering). */
export function BrandProvider({ brand, children }: { brand: BrandView; children: ReactNode }) {
  return <BrandContext.Provider value={brand}>{children}</BrandContext.Provider>;
}

/** The current brand; the studio's own outside a BrandProvider (most unit tests). */
export function useBrand(): BrandView {
  return useContext(BrandContext);
}

/** The brand's logo, decorative beside its name. */
export function BrandLogo({ className }: { className?: string }) {
  const brand = useBrand();
  return <img src={brand.logoUrl} alt="" className={className} />;
}
