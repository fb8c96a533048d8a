export * from './review.ts';
export * from './contracts.ts';
export * from './overview.ts';
