export * from './review.ts';
export * from './contracts.ts';
export * from './overview.ts';
export * from './categories.ts';
export * from './replacements.ts';
export * from './words.ts';
export * from './insights.ts';
