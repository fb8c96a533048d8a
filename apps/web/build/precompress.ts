import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Assets worth compressing: text, and the voice-activity detector's WebAssembly and model (14 MB
 * and 2.3 MB, a quarter and four fifths of that compressed); images and fonts are compressed
 * formats already.
 */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest|xml|wasm|onnx)$/;
/** Above this size brotli's quality 11 costs minutes of a build for a few per cent: quality 9. */
const MAX_BEST_BROTLI_BYTES = 4 * 1024 * 1024;

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? listFiles(full) : Promise.resolve([full]);
    }),
  );
  return nested.flat();
}

/**
 * Writes `.br` (quality 11, 9 above 4 MB) and `.gz` (level 9) beside every built text asset (and
 * the VAD's WebAssembly and model), once, at build
 * time, so the server only picks a file by Accept-Encoding (@fastify/static `preCompressed`) and
 * never compresses a static file per request. Source maps are skipped: browsers fetch them only
 * with developer tools open.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'conversa-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await listFiles(outDir)).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const source = await readFile(file);
          const size = source.length;
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]:
                  size > MAX_BEST_BROTLI_BYTES ? 9 : constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: size,
              },
            }),
            gzipAsync(source, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}
