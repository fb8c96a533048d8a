export * from './get-dashboard-figures.ts';
