import type { FastifyInstance } from 'fastify';
import { getBrandContract } from '@conversa/contracts';
import { registerContract } from '../../http/gateway.ts';
import type { BrandResolver } from './brand-resolver.ts';

/** The brand of the address the console was loaded from, read before its first paint. */
export function registerBrandRoutes(
  app: FastifyInstance,
  options: { resolveBrand: BrandResolver },
): void {
  registerContract(app, getBrandContract, (request) =>
    Promise.resolve(options.resolveBrand(request).brand),
  );
}
