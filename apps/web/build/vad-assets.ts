import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);

/** The folder of package `name`: up from its entry to the package.json that names it. */
function packageDir(name: string): string {
  let dir = path.dirname(require.resolve(name));
  while (dir !== path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === name
    ) {
      return dir;
    }
    dir = path.dirname(dir);
  }
  throw new Error(`The package ${name} was not found (npm install).`);
}

function versionOf(dir: string): string {
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string })
    .version;
}

/**
 * The files the voice-activity detector loads at run time (apps/web/src/lib/voice-activity.ts),
 * by the names the libraries ask for: vad-web's audio worklet and Silero v5 model, and
 * onnxruntime-web's WebAssembly (single build: SIMD, threads unused) with its loader.
 */
function listVadFiles(): { name: string; file: string; type: string }[] {
  const vad = path.join(packageDir('@ricky0123/vad-web'), 'dist');
  const ort = path.join(packageDir('onnxruntime-web'), 'dist');
  return [
    {
      name: 'vad.worklet.bundle.min.js',
      file: path.join(vad, 'vad.worklet.bundle.min.js'),
      type: 'text/javascript',
    },
    {
      name: 'silero_vad_v5.onnx',
      file: path.join(vad, 'silero_vad_v5.onnx'),
      type: 'application/octet-stream',
    },
    {
      name: 'ort-wasm-simd-threaded.mjs',
      file: path.join(ort, 'ort-wasm-simd-threaded.mjs'),
      type: 'text/javascript',
    },
    {
      name: 'ort-wasm-simd-threaded.wasm',
      file: path.join(ort, 'ort-wasm-simd-threaded.wasm'),
      type: 'application/wasm',
    },
  ];
}

/**
 * Copies the VAD's files into the build under `assets/vad-<vad-web version>-ort-<onnxruntime-web
 * version>/` (a new folder whenever either changes, so the studio's year-long `immutable` cache for
 * /assets/ stays right) and serves them there in development; the web code reads the folder as
 * `__VAD_ASSET_PATH__`. Nothing is downloaded at run time.
 */
export function vadAssets(): Plugin {
  const vadDir = packageDir('@ricky0123/vad-web');
  const ortDir = packageDir('onnxruntime-web');
  const folder = `assets/vad-${versionOf(vadDir)}-ort-${versionOf(ortDir)}`;
  const publicPath = `/${folder}/`;
  return {
    name: 'conversa-vad-assets',
    config: () => ({ define: { __VAD_ASSET_PATH__: JSON.stringify(publicPath) } }),
    configureServer(server) {
      const files = new Map(listVadFiles().map((entry) => [`${publicPath}${entry.name}`, entry]));
      server.middlewares.use((request, response, next) => {
        const entry = files.get((request.url ?? '').split('?')[0] ?? '');
        if (!entry) {
          next();
          return;
        }
        response.setHeader('content-type', entry.type);
        createReadStream(entry.file).pipe(response);
      });
    },
    async generateBundle() {
      for (const entry of listVadFiles()) {
        this.emitFile({
          type: 'asset',
          fileName: `${folder}/${entry.name}`,
          source: await readFile(entry.file),
        });
      }
    },
  };
}
