export * from './auth/current-user.ts';
export * from './permissions/rules.ts';
export * from './routes.ts';
export * from './constants.ts';
export * from './search/search-query.ts';
export * from './contract.ts';
export * from './auth/get-me.ts';
export * from './auth/session.ts';
