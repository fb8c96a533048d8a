export * from './review.ts';
export * from './contracts.ts';
