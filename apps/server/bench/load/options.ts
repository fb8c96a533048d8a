// bench:load's options (bench/load.ts): its command line and what follows from it (visitors,
// connections, the storyfile's ask limit, the goal).
import { parseArgs } from 'node:util';
import { PUBLIC_ASKS_PER_VISITOR_PER_MINUTE } from '@conversa/contracts';
import { LOAD_SCRIPTS, loadScript, type LoadScriptName } from '../load-scripts.ts';

export const { values: args } = parseArgs({
  options: {
    connections: { type: 'string', default: '200' },
    duration: { type: 'string', default: '60' },
    pace: { type: 'string', default: String(PUBLIC_ASKS_PER_VISITOR_PER_MINUTE) },
    'storyfile-limit': { type: 'string' },
    'trace-queries': { type: 'boolean', default: false },
    arrivals: { type: 'string', default: 'spread' },
    script: { type: 'string', default: 'small' },
    busy: { type: 'string', default: '0' },
    web: { type: 'string', default: '1' },
  },
});
if (!(LOAD_SCRIPTS as readonly string[]).includes(args.script)) {
  throw new Error(`--script must be one of ${LOAD_SCRIPTS.join(', ')}`);
}
export const SCRIPT = loadScript(args.script as LoadScriptName);
export const BUSY_PROCESSES = Number(args.busy);
export const WEB_PROCESSES = Number(args.web);
if (!Number.isInteger(WEB_PROCESSES) || WEB_PROCESSES < 1) {
  throw new Error('--web must be a whole number, 1 or more');
}
if (!Number.isInteger(BUSY_PROCESSES) || BUSY_PROCESSES < 0) {
  throw new Error('--busy must be a whole number, 0 or more');
}
if (args.arrivals !== 'spread' && args.arrivals !== 'together') {
  throw new Error('--arrivals must be spread or together');
}
export const CONNECTIONS = Number(args.connections);
export const DURATION_SECONDS = Number(args.duration);
export const PACE = Number(args.pace);
if (!(PACE >= 0) || (PACE > 0 && 60 % PACE !== 0 && PACE % 60 !== 0)) {
  throw new Error('--pace must be 0, a divisor of 60 or a multiple of 60');
}
/** Visitors sharing one connection in turn, and the connection's requests a second. */
export const VISITORS_PER_CONNECTION = PACE > 0 && PACE < 60 ? 60 / PACE : 1;
export const CONNECTION_RATE = PACE === 0 ? 0 : Math.max(1, PACE / 60);
export const SOCKETS = Math.ceil(CONNECTIONS / VISITORS_PER_CONNECTION);
export const VISITORS = SOCKETS * VISITORS_PER_CONNECTION;
export const STORYFILE_LIMIT = Number(
  args['storyfile-limit'] ?? (PACE > 0 ? Math.ceil(VISITORS * PACE * 1.1) : 1_000_000),
);
for (const [name, value] of [
  ['--connections', CONNECTIONS],
  ['--duration', DURATION_SECONDS],
  ['--storyfile-limit', STORYFILE_LIMIT],
] as const) {
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`${name} must be a positive whole number`);
  }
}
export const GOAL_P99_MS = 100;
