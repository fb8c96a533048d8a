import type { FastifyRequest } from 'fastify';
import { DEFAULT_BRAND } from '@conversa/contracts';
import type { BrandsConfig, ConfiguredBrand } from '../../config/brands-file.ts';

/** The studio's own brand, as the server keeps it: no home address or form of its own. */
const DEFAULT_CONFIGURED_BRAND: ConfiguredBrand = {
  brand: DEFAULT_BRAND,
  hosts: [],
  homeUrl: undefined,
  feedbackFormUrl: undefined,
};

export type BrandResolver = (request: FastifyRequest) => ConfiguredBrand;

/**
 * Which brand a request is for, by its host name. `request.hostname` is the Host header without
 * its port, or X-Forwarded-Host only from a proxy TRUST_PROXY names: a client elsewhere can pick
 * a brand by the address it types, never by a header. Unknown hosts get the studio's own brand.
 */
export function createBrandResolver(config: BrandsConfig): BrandResolver {
  const byHost = new Map<string, ConfiguredBrand>();
  for (const configured of config.brands) {
    for (const host of configured.hosts) {
      byHost.set(host, configured);
    }
  }
  return (request) => byHost.get(request.hostname.toLowerCase()) ?? DEFAULT_CONFIGURED_BRAND;
}

/** Every origin a brand's feedback form is served from: the console's policy must allow framing them. */
export function listBrandFeedbackFormUrls(config: BrandsConfig): string[] {
  return config.brands.flatMap((configured) =>
    configured.feedbackFormUrl ? [configured.feedbackFormUrl] : [],
  );
}
