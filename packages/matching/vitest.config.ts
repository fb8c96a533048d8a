import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'matching', environment: 'node' },
});
