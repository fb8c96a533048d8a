// What every promo-code contract shares: platform admins only, one OpenAPI tag.
export const ADMIN = { kind: 'admin' } as const;
export const tags = ['promo-codes'];
