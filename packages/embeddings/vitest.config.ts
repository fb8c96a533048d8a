import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'embeddings', environment: 'node' },
});
