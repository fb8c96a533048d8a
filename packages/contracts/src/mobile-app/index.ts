export * from './admin.ts';
export * from './catalogue.ts';
export * from './mobile-app.ts';
export * from './popular-score.ts';
