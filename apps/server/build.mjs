// Bundles the server's own code (and the workspace packages it imports as TypeScript) into
// dist/; npm dependencies stay external and load from node_modules as usual.
import { build } from 'esbuild';

await build({
  // The scorer threads' module is an entry of its own: piscina loads it beside main.js.
  entryPoints: [
    'src/main.ts',
    'src/cli.ts',
    { in: 'src/modules/conversations/scoring/scorer-worker.ts', out: 'scorer-worker' },
    // And the Whisper recognizer's thread: @conversa/whisper starts it beside main.js.
    { in: '../../packages/whisper/src/thread-worker.ts', out: 'whisper-worker' },
  ],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-npm-packages',
      setup(context) {
        context.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@conversa/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
