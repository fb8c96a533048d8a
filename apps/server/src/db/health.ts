import net from 'node:net';
import pg from 'pg';

/**
 * Whether the database can serve a caller now, within `budgetMs`: a trivial query through the pool
 * AND a brand-new connection that answers a trivial query. The pool alone is not enough: with its
 * postmaster hung (SIGSTOP) or its listen queue full, PostgreSQL's existing backends still answer
 * the pool's idle clients while every new connection hangs, and the pool opens new ones as soon
 * as those idle clients expire or the load grows (issue 30: 200 for 20-24 s while every API call
 * answered 503).
 *
 * Concurrent probes share one attempt, so a burst of health checks (a load balancer per replica)
 * opens one connection, not one each. The probe's own socket is destroyed at the deadline: a hung
 * server never sends the FIN an orderly close would wait for.
 */
export function createDatabaseProbe(pool: pg.Pool, budgetMs: number): () => Promise<boolean> {
  let running: Promise<boolean> | undefined;
  return () => {
    running ??= probe(pool, budgetMs).finally(() => {
      running = undefined;
    });
    return running;
  };
}

async function probe(pool: pg.Pool, budgetMs: number): Promise<boolean> {
  const sockets: net.Socket[] = [];
  const fresh = new pg.Client({
    ...(pool.options as pg.ClientConfig),
    // The probe's own socket, so that the deadline can destroy it whatever state pg is in.
    stream: () => {
      const socket = new net.Socket();
      sockets.push(socket);
      return socket;
    },
  });
  fresh.on('error', () => undefined);
  const checkFresh = async () => {
    await fresh.connect();
    await fresh.query('select 1');
  };
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('no answer within the budget')), budgetMs);
  });
  // The pooled query gives up on its own (the pool's timeouts) after the deadline; its rejection
  // is handled here so that it never goes unhandled.
  const pooled = pool.query('select 1');
  pooled.catch(() => undefined);
  try {
    await Promise.race([Promise.all([pooled, checkFresh()]), deadline]);
    void fresh.end().catch(() => undefined);
    return true;
  } catch {
    for (const socket of sockets) {
      socket.destroy();
    }
    return false;
  } finally {
    clearTimeout(timer);
  }
}
