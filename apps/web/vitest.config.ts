import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineProject({
    test: {
      name: 'web',
      environment: 'jsdom',
      setupFiles: ['./src/test/setup.ts'],
      // The files of a worker share one jsdom and one module graph: building them anew for each
      // of ~100 files cost ten times the tests themselves. The setup file cleans the DOM and
      // storage after every test; a file that needs a module replaced spies on it and restores it.
      isolate: false,
      // Vitest's 5 s default failed render-heavy tests (the record tab's countdown) on a loaded
      // machine; the limit bounds a hang, it times nothing.
      testTimeout: 30_000,
    },
  }),
);
