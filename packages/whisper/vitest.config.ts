import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The real model loads in a second when quiet and far longer on a loaded machine; the limit
  // bounds a hang and times nothing.
  test: { name: 'whisper', environment: 'node', testTimeout: 180_000, hookTimeout: 180_000 },
});
