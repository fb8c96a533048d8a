export * from './review.ts';
export * from './contracts.ts';
export * from './overview.ts';
export * from './categories.ts';
