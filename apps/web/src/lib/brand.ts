import {
  BRAND_SHADES,
  DEFAULT_BRAND,
  deriveBrandPalette,
  getBrandContract,
  type Brand,
} from '@conversa/contracts';
import type { WebConfig } from '@/config/env';
import { callContract } from './api-client';

/** What the console shows of its brand, the build's own addresses filling what the brand leaves out. */
export interface BrandView {
  id: string;
  name: string;
  logoUrl: string;
  primaryColor: string | null;
  landing: Brand['landing'];
  supportPhone: string;
  supportEmail: string;
  helpCenterUrl: string;
  idpHint: Brand['idpHint'];
  isSignInOrigin: boolean;
  /** The origin of every link an author copies: the brand's home address, else this page's. */
  linkOrigin: string;
  isDefault: boolean;
}

export function toBrandView(brand: Brand, config: WebConfig): BrandView {
  return {
    id: brand.id,
    name: brand.name,
    logoUrl: brand.logoUrl,
    primaryColor: brand.primaryColor,
    landing: brand.landing,
    supportPhone: brand.supportPhone ?? config.supportPhone,
    supportEmail: brand.supportEmail ?? config.supportEmail,
    helpCenterUrl: brand.helpCenterUrl ?? config.helpCenterUrl,
    idpHint: brand.idpHint,
    isSignInOrigin: brand.isSignInOrigin,
    linkOrigin: brand.homeUrl ?? window.location.origin,
    isDefault: brand.id === DEFAULT_BRAND.id,
  };
}

/**
 * The brand of this address, asked once before the first paint. A failed answer shows the
 * studio's own brand rather than no page at all: the brand decorates, it never guards.
 */
export async function fetchBrand(): Promise<Brand> {
  try {
    return await callContract(getBrandContract);
  } catch {
    return DEFAULT_BRAND;
  }
}

/** The document's `--color-brand-*` variables of a brand: none for the studio's own palette. */
export function getBrandColorVariables(brand: Pick<Brand, 'primaryColor'>): [string, string][] {
  if (brand.primaryColor === null) {
    return [];
  }
  const palette = deriveBrandPalette(brand.primaryColor);
  return BRAND_SHADES.map((shade) => [`--color-brand-${shade}`, palette[shade]]);
}

/**
 * Puts the brand on the document before React renders: the Tailwind `brand-*` colours (every
 * `bg-brand-600` follows the variables), the tab's icon and its title until a screen sets its own.
 */
export function applyBrandToDocument(brand: Brand, document: Document): void {
  for (const [name, value] of getBrandColorVariables(brand)) {
    document.documentElement.style.setProperty(name, value);
  }
  document.documentElement.dataset.brand = brand.id;
  document.title = brand.name;
  const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (icon) {
    icon.href = brand.logoUrl;
  }
}
