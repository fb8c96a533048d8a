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
} = workerData;

/** Latency of every ask by status, in ms, as the client saw it (response complete). */
const latencies = {};
let conversationsStarted = 0;

function setupClient(client) {
  const visitors = Array.from({ length: visitorsPerConnection }, () => ({
    id: randomUUID(),
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

const instance = autocannon(
  {
    url: `${url}/v1/conversa/public/storyfiles/${slug}/ask`,
    method: 'POST',
    connections,
    duration: durationSeconds,
    ...(connectionRate > 0 ? { connectionRate } : {}),
    timeout: 10,
    setupClient,
  },
  (error, result) => {
    if (error) {
      parentPort.postMessage({ error: String(error) });
      return;
    }
    parentPort.postMessage({
      latencies,
      conversationsStarted,
      requests: Object.values(latencies).reduce((sum, list) => sum + list.length, 0),
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      statusCodes: result.statusCodeStats,
    });
  },
);
instance.on('response', (_client, statusCode, _bytes, responseTime) => {
  (latencies[statusCode] ??= []).push(responseTime);
});
