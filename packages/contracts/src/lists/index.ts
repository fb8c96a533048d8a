export * from './list-query.ts';
export * from './name-taken.ts';
