import type { FastifyInstance } from 'fastify';
import { getBrandContract } from '@conversa/contracts';
import { registerContract } from '../../http/gateway.ts';
import type { BrandResolver } from './brand-resolver.ts';

/** The brand of the address the console was loaded from, read before its first paint. */
export function registerBrandRoutes(
  app: FastifyInstance,
  options: { resolveBrand: BrandResolver; publicUrl: string },
): void {
  const signInOrigin = new URL(options.publicUrl).origin;
  registerContract(app, getBrandContract, (request) =>
    Promise.resolve({
      ...options.resolveBrand(request).brand,
      // request.protocol and request.host follow TRUST_PROXY, like the brand itself.
      isSignInOrigin: `${request.protocol}://${request.host}` === signInOrigin,
    }),
  );
}
