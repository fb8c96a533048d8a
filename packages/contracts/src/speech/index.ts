export * from './speech-to-text.ts';
export * from './speech-settings.ts';
