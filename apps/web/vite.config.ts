import { defaultClientConditions, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { precompress } from './build/precompress.ts';
import { vadAssets } from './build/vad-assets.ts';

const serverUrl = process.env.STUDIO_SERVER_URL ?? 'http://127.0.0.1:3000';
const proxied = ['/api', '/v1', '/idp', '/docs', '/healthz', '/files', '/media', '/avatar'];

// In development Vite serves the console and forwards everything else to the studio server,
// so the session cookie stays same-origin exactly as in production.
export default defineConfig({
  plugins: [react(), tailwindcss(), vadAssets(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    // onnxruntime-web (the VAD's runtime) without its WebAssembly bundled in as an asset of its
    // own: it loads its loader and .wasm from the VAD's folder (build/vad-assets.ts).
    conditions: [...defaultClientConditions, 'onnxruntime-web-use-extern-wasm'],
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      proxied.map((prefix) => [prefix, { target: serverUrl, changeOrigin: false, ws: true }]),
    ),
  },
  build: {
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // What every screen, the public player's first load included, needs: zod, the
              // button, the icon runtime and cn. One chunk, so a lazy part that needs only the
              // icon runtime or cn (the upload bar, the feedback widget) does not split them into
              // chunks of their own and add requests to every first load.
              name: 'button',
              test: /node_modules[\\/](zod[\\/]|lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/]))|src[\\/]components[\\/]ui[\\/](button|cn|spinner)\.tsx?$|src[\\/]lib[\\/]button\.ts$/,
            },
          ],
        },
      },
    },
  },
});
