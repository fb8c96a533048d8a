// Benchmark of first-load weight (not a test): starts the studio in-process over the built web
// console, seeds a published storyfile, then opens /dashboard and /storyfiles (signed in) and the
// public player /s/{slug} (signed out) in Debian's Chromium, each in a fresh browser context (empty
// cache), and sums the JavaScript bytes that crossed the wire (compressed bodies) until the network
// is idle. Prints them beside the goals and writes bench-results/web.json.
//
// Usage: npm run bench:web [-- --verbose]
//   (builds apps/web first; the measurement is of apps/web/dist)
//   DATABASE_URL    any PostgreSQL (a database `conversa_bench_web` is created there); unset
//                   starts the bench's own embedded PostgreSQL under .data-bench/web/
//                   (BENCH_POSTGRES_PORT, default 54373)
//   CHROMIUM_PATH   default /usr/bin/chromium
//   --verbose       lists every script of each page with its wire and decoded size
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Request } from 'playwright-core';
import { SESSION_COOKIE } from '../src/modules/auth/index.ts';
import type { RunningStudio } from '../src/server.ts';
import type { EmbeddedDatabase } from '../src/db/embedded.ts';
import {
  BENCH_CHROMIUM_ARGS,
  prepareBenchDatabase,
  repoRoot,
  seedPublishedStoryfile,
  startBenchStudio,
} from './support.ts';

const { values: args } = parseArgs({ options: { verbose: { type: 'boolean', default: false } } });

/** Goals of issue 21, in KB of 1,000 bytes over the wire. */
const GOALS: Record<string, number> = { dashboard: 200, storyfiles: 200, player: 150 };

interface Script {
  url: string;
  wireBytes: number;
  decodedBytes: number;
}

async function measure(
  browser: Browser,
  url: string,
  cookies: { name: string; value: string; url: string }[],
): Promise<Script[]> {
  const context = await browser.newContext();
  try {
    await context.addCookies(cookies);
    const page = await context.newPage();
    const pending: Promise<Script | undefined>[] = [];
    const onFinished = (request: Request) => {
      if (request.resourceType() !== 'script') {
        return;
      }
      pending.push(
        (async () => {
          const response = await request.response();
          const sizes = await request.sizes();
          const body = response ? await response.body().catch(() => Buffer.alloc(0)) : undefined;
          return {
            url: new URL(request.url()).pathname,
            wireBytes: sizes.responseBodySize + sizes.responseHeadersSize,
            decodedBytes: body?.length ?? 0,
          };
        })(),
      );
    };
    page.on('requestfinished', onFinished);
    await page.goto(url, { waitUntil: 'networkidle' });
    // Lazy chunks a screen asks for after its first paint (the dashboard's chart, say) count too.
    await page.waitForTimeout(1000);
    await page.waitForLoadState('networkidle');
    // A request that finishes after this is past the measured load; without this, its sizes
    // were read from a closed context and failed the run.
    page.off('requestfinished', onFinished);
    return (await Promise.all(pending)).filter((script): script is Script => !!script);
  } finally {
    await context.close();
  }
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

async function main(): Promise<void> {
  console.log('Preparing the database and the studio');
  let embedded: EmbeddedDatabase | undefined;
  let studio: RunningStudio | undefined;
  let browser: Browser | undefined;
  try {
    const prepared = await prepareBenchDatabase('conversa_bench_web', 'web');
    embedded = prepared.embedded;
    studio = await startBenchStudio(prepared.url, 'web');
    const storyfile = await seedPublishedStoryfile(studio);
    const session = storyfile.owner.cookies.get(SESSION_COOKIE);
    if (!session) {
      throw new Error('The bench admin has no session cookie after signing in');
    }
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [...BENCH_CHROMIUM_ARGS],
    });
    const signedIn = [{ name: SESSION_COOKIE, value: session, url: studio.url }];
    const pages = [
      { name: 'dashboard', path: '/dashboard', cookies: signedIn },
      { name: 'storyfiles', path: '/storyfiles', cookies: signedIn },
      { name: 'player', path: `/s/${storyfile.slug}`, cookies: [] },
    ];
    const results = [];
    for (const target of pages) {
      const scripts = await measure(browser, `${studio.url}${target.path}`, target.cookies);
      const wire = scripts.reduce((sum, script) => sum + script.wireBytes, 0);
      const decoded = scripts.reduce((sum, script) => sum + script.decodedBytes, 0);
      results.push({ ...target, scripts, wire, decoded, goalKb: GOALS[target.name]! });
    }

    console.log(
      `\nFirst-load JavaScript over the wire (fresh cache, ${process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'})\n`,
    );
    console.log('page                 scripts   wire KB   decoded KB   goal KB   verdict');
    for (const result of results) {
      const verdict = result.wire / 1000 <= result.goalKb ? 'met' : 'NOT met';
      console.log(
        `${result.path.startsWith('/s/') ? '/s/{slug}' : result.path}`.padEnd(20) +
          String(result.scripts.length).padStart(8) +
          kb(result.wire).padStart(10) +
          kb(result.decoded).padStart(13) +
          `≤ ${result.goalKb}`.padStart(10) +
          `   ${verdict}`,
      );
      if (args.verbose) {
        for (const script of [...result.scripts].sort((a, b) => b.wireBytes - a.wireBytes)) {
          console.log(
            `    ${kb(script.wireBytes).padStart(8)} wire  ${kb(script.decodedBytes).padStart(8)} decoded  ${script.url}`,
          );
        }
      }
    }
    const outDir = path.join(repoRoot, 'bench-results');
    mkdirSync(outDir, { recursive: true });
    writeFileSync(
      path.join(outDir, 'web.json'),
      JSON.stringify(
        results.map(({ name, path: pagePath, wire, decoded, goalKb, scripts }) => ({
          name,
          path: pagePath,
          wireBytes: wire,
          decodedBytes: decoded,
          goalKb,
          scripts,
        })),
        null,
        2,
      ),
    );
  } finally {
    await browser?.close();
    await studio?.stop();
    await embedded?.stop();
  }
}

await main();
