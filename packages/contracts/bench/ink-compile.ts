// Prints how long inkjs (as the server and the editor's worker run it) takes to compile a large
// generated story: `npx tsx packages/contracts/bench/ink-compile.ts [knots]`, or of an ink file:
// `npx tsx packages/contracts/bench/ink-compile.ts path/to/story.ink`. No published ink story of a
// few thousand words ships in any npm package we found, so the default story is generated.
import { readFileSync } from 'node:fs';
import { compileInkSource } from '../src/ink/compile-ink.ts';
import { countInkStats } from '../src/ink/outline.ts';

const argument = process.argv[2] ?? '400';
const isFile = !/^\d+$/.test(argument);
const knots = isFile ? 0 : Number(argument);
const parts = ['VAR visits = 0', 'Welcome to the archive. # clip: intro', '-> knot_0'];
for (let i = 0; i < knots; i += 1) {
  parts.push(
    `== knot_${i} ==`,
    '~ visits = visits + 1',
    `This is room ${i} of the archive, where the shelves hold letters, maps and photographs from a long life spent travelling between harbours and mountain villages.`,
    `* [Read the letters in room ${i}] The letters speak of friends and storms. -> knot_${(i + 1) % knots}`,
    `* [Look at the maps in room ${i}] The maps are covered in pencil notes. -> knot_${(i + 7) % knots}`,
    `* [Leave the archive] -> END`,
  );
}
const source = isFile ? readFileSync(argument, 'utf8') : parts.join('\n');
const started = performance.now();
const result = compileInkSource(source, []);
const ms = performance.now() - started;
const stats = countInkStats(source);
console.log(
  `${Buffer.byteLength(source)} bytes, ${stats.words} words, ${stats.knots} knots, ${stats.choices} choices: compiled in ${ms.toFixed(0)} ms (${result.compiledJson ? 'ok' : 'errors'})`,
);
