export * from './promo-code.ts';
export * from './promo-code-contracts.ts';
