// /healthz against a database that hangs (issue 30, item 7). A loopback proxy stands between the
// studio and its PostgreSQL and can hang as a SIGSTOPped postmaster does: new connections are
// accepted by the kernel and never answered, while the backends already connected still answer.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, startTestStudio, type TestStudio } from '../../test/studio.ts';

/** A TCP proxy to `target` that can stop answering new connections, or every connection. */
async function startHangingProxy(target: { host: string; port: number }) {
  let isNewHung = false;
  let connectionCount = 0;
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = net.createServer((client) => {
    connectionCount += 1;
    track(client);
    if (isNewHung) {
      // Accepted, never answered: what a stopped postmaster's listen queue gives a client.
      client.pause();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    get connectionCount() {
      return connectionCount;
    },
    hangNew(isHung: boolean) {
      isNewHung = isHung;
    },
    /** Stops (or resumes) every byte of the connections already open, as SIGSTOP/SIGCONT do. */
    hangOpen(isHung: boolean) {
      for (const socket of sockets) {
        if (isHung) {
          socket.pause();
        } else {
          socket.resume();
        }
      }
    },
    close: async () => {
      for (const socket of sockets) {
        socket.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let studio: TestStudio;
let proxy: Awaited<ReturnType<typeof startHangingProxy>>;

beforeAll(async () => {
  const databaseUrl = new URL(await createTestDatabase());
  proxy = await startHangingProxy({
    host: databaseUrl.hostname,
    port: Number(databaseUrl.port),
  });
  const proxied = new URL(databaseUrl);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  // The product's bound on a new connection (test studios wait longer on a loaded machine).
  studio = await startTestStudio({
    DATABASE_URL: proxied.href,
    DATABASE_CONNECT_TIMEOUT_SECONDS: '5',
  });
}, 180_000);

afterAll(async () => {
  await studio?.stop();
  await proxy?.close();
});

const health = () => fetch(`${studio.baseUrl}/healthz`);

describe('/healthz while the database hangs', () => {
  it('answers 503 when a new connection hangs, though the pooled ones still answer', async () => {
    expect((await health()).status).toBe(200);
    // The pool keeps the connection that answered idle: it would answer a pooled `select 1`.
    expect(studio.database.pool.idleCount).toBeGreaterThan(0);
    proxy.hangNew(true);
    try {
      expect((await studio.database.pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
      const hung = await health();
      expect(hung.status).toBe(503);
      // Issue 67, item 5: as every other answer of an outage, when to ask again.
      expect(hung.headers.get('retry-after')).toBe('5');
      expect(await hung.json()).toEqual({
        status: 'unavailable',
        message: 'The database does not answer.',
      });
    } finally {
      proxy.hangNew(false);
    }
    expect((await health()).status).toBe(200);
  }, 60_000);

  it('answers 503 when the connections it has hang too, and 200 once they answer', async () => {
    expect((await health()).status).toBe(200);
    proxy.hangNew(true);
    proxy.hangOpen(true);
    try {
      expect((await health()).status).toBe(503);
    } finally {
      proxy.hangNew(false);
      proxy.hangOpen(false);
    }
    expect((await health()).status).toBe(200);
  }, 90_000);

  it('shares one probe among concurrent health checks: one new connection, not one each', async () => {
    expect((await health()).status).toBe(200);
    const before = proxy.connectionCount;
    const answers = await Promise.all(Array.from({ length: 20 }, () => health()));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    // The probe's own connection, and at most one the pool opens for its query.
    expect(proxy.connectionCount - before).toBeLessThanOrEqual(2);
  }, 60_000);
});
