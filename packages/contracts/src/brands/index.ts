export * from './brand.ts';
export * from './get-brand.ts';
