import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

export default mergeConfig(
  viteConfig,
  defineProject({
    test: { name: 'web', environment: 'jsdom', setupFiles: ['./src/test/setup.ts'] },
  }),
);
