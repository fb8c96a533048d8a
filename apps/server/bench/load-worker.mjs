// The load benchmark's client side, in a worker thread of its own so that firing requests does not
// share an event loop with the studio under test (bench/load.ts). Every visitor has its own
// visitor cookie and its own conversation (the conversationId of its first answer goes with every
// later ask) and asks questions from a fixed list in turn. An autocannon connection carries
// `visitorsPerConnection` visitors in rotation: at one request a second (autocannon's slowest
// paced rate), three visitors on a connection each ask every three seconds, 20 a minute.
import { randomUUID } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

const {
  url,
  slug,
  connections,
  visitorsPerConnection,
  connectionRate,
  durationSeconds,
  questions,
  arrivals,
} = workerData;

/** Latency of every ask by status, in ms, as the client saw it (response complete). */
const latencies = {};
let conversationsStarted = 0;

let nextAddress = 1;

function setupClient(client) {
  const visitors = Array.from({ length: visitorsPerConnection }, () => ({
    id: randomUUID(),
    // Each visitor on a computer of its own: the ask limit counts per client address too, which
    // the studio (TRUST_PROXY=loopback in load.ts) reads from this header.
    address: `10.${(nextAddress >> 16) & 255}.${(nextAddress >> 8) & 255}.${nextAddress++ & 255}`,
    conversationId: undefined,
    asked: 0,
  }));
  let turn = 0;
  const current = () => visitors[turn % visitors.length];
  const prepare = () => {
    const visitor = current();
    client.setHeadersAndBody(
      {
        'content-type': 'application/json',
        accept: 'application/json',
        'x-system-id': 'conversa-studio-web',
        cookie: `conversa_visitor=${visitor.id}`,
        'x-forwarded-for': visitor.address,
      },
      JSON.stringify({
        text: questions[visitor.asked % questions.length],
        ...(visitor.conversationId ? { conversationId: visitor.conversationId } : {}),
      }),
    );
  };
  prepare();
  client.on('body', (body) => {
    const visitor = current();
    if (visitor.conversationId) {
      return;
    }
    try {
      const answer = JSON.parse(body.toString());
      if (answer.conversationId) {
        visitor.conversationId = answer.conversationId;
        conversationsStarted += 1;
      }
    } catch {
      // not JSON (an error page): the visitor's next ask starts its conversation again
    }
  });
  client.on('response', () => {
    current().asked += 1;
    turn += 1;
    prepare();
  });
}

/** One autocannon run of `count` connections; resolves with autocannon's result. */
function run(count) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${url}/v1/conversa/public/storyfiles/${slug}/ask`,
        method: 'POST',
        connections: count,
        duration: durationSeconds,
        ...(connectionRate > 0 ? { connectionRate } : {}),
        timeout: 10,
        setupClient,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      (latencies[statusCode] ??= []).push(responseTime);
    });
  });
}

// Autocannon paces each connection with its own one-second timer, started when the connection
// is made: connections made together ask together, every second on the same millisecond. A class
// does not press Ask in step, so by default (`spread`) each paced connection is its own run,
// started at a random moment of the first second; `together` keeps autocannon's lockstep (every
// connection's ask in one burst a second), the harsher case.
const isSpread = arrivals === 'spread' && connectionRate > 0;
try {
  const results = isSpread
    ? await Promise.all(
        Array.from({ length: connections }, () =>
          new Promise((resolve) => setTimeout(resolve, Math.random() * 1000)).then(() => run(1)),
        ),
      )
    : [await run(connections)];
  const statusCodes = {};
  for (const result of results) {
    for (const [status, stats] of Object.entries(result.statusCodeStats)) {
      (statusCodes[status] ??= { count: 0 }).count += stats.count;
    }
  }
  parentPort.postMessage({
    latencies,
    conversationsStarted,
    requests: Object.values(latencies).reduce((sum, list) => sum + list.length, 0),
    errors: results.reduce((sum, result) => sum + result.errors, 0),
    timeouts: results.reduce((sum, result) => sum + result.timeouts, 0),
    non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
    statusCodes,
  });
} catch (error) {
  parentPort.postMessage({ error: String(error) });
}
