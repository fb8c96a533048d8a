import type { FastifyRequest } from 'fastify';
import { DEFAULT_BRAND } from '@conversa/contracts';
import type { BrandsConfig, ConfiguredBrand } from '../../config/brands-file.ts';
import { BRAND_COOKIE } from '../auth/index.ts';

/** The studio's own brand, as the server keeps it: no home address or form of its own. */
const DEFAULT_CONFIGURED_BRAND: ConfiguredBrand = {
  brand: DEFAULT_BRAND,
  hosts: [],
  homeUrl: undefined,
  feedbackFormUrl: undefined,
};

export type BrandResolver = (request: FastifyRequest) => ConfiguredBrand;

/**
 * A brand's home address: its `homeUrl`, else its first host on PUBLIC_URL's scheme and port. A
 * link written on PUBLIC_URL's host (where every sign-in returns) must still open the brand.
 */
export function getBrandHomeUrl(
  configured: Pick<ConfiguredBrand, 'homeUrl' | 'hosts'>,
  publicUrl: string,
): string | undefined {
  if (configured.homeUrl) {
    return configured.homeUrl;
  }
  const [host] = configured.hosts;
  if (host === undefined) {
    return undefined;
  }
  const home = new URL(publicUrl);
  home.hostname = host;
  return home.origin;
}

/**
 * Which brand a request is for, by its host name. `request.hostname` is the Host header without
 * its port, or X-Forwarded-Host only from a proxy TRUST_PROXY names: a client elsewhere can pick
 * a brand by the address it types, never by a header. A host of no brand (`PUBLIC_URL`'s, where
 * every sign-in returns) shows the brand the person signed in under (BRAND_COOKIE, set by the
 * sign-in), else the studio's own. Each brand answers with its home address (getBrandHomeUrl).
 */
export function createBrandResolver(config: BrandsConfig, publicUrl: string): BrandResolver {
  const byHost = new Map<string, ConfiguredBrand>();
  const byId = new Map<string, ConfiguredBrand>();
  for (const entry of config.brands) {
    const homeUrl = getBrandHomeUrl(entry, publicUrl);
    const configured = { ...entry, homeUrl, brand: { ...entry.brand, homeUrl: homeUrl ?? null } };
    byId.set(configured.brand.id, configured);
    for (const host of configured.hosts) {
      byHost.set(host, configured);
    }
  }
  return (request) =>
    byHost.get(request.hostname.toLowerCase()) ??
    byId.get(request.cookies[BRAND_COOKIE] ?? '') ??
    DEFAULT_CONFIGURED_BRAND;
}

/** The brand a request's host names, by id: what a sign-in begun there remembers. */
export function createHostBrandLookup(
  config: BrandsConfig,
): (request: FastifyRequest) => string | null {
  const byHost = new Map<string, string>();
  for (const configured of config.brands) {
    for (const host of configured.hosts) {
      byHost.set(host, configured.brand.id);
    }
  }
  return (request) => byHost.get(request.hostname.toLowerCase()) ?? null;
}

/** Every origin a brand's feedback form is served from: the console's policy must allow framing them. */
export function listBrandFeedbackFormUrls(config: BrandsConfig): string[] {
  return config.brands.flatMap((configured) =>
    configured.feedbackFormUrl ? [configured.feedbackFormUrl] : [],
  );
}
