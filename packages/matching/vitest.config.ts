import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The limit bounds a hang and times nothing: index builds over thousands of phrasings take
  // seconds on a loaded machine.
  test: { name: 'matching', environment: 'node', testTimeout: 60_000 },
});
