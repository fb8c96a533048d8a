import pg from 'pg';

/**
 * Seconds between a worker's polls of an empty queue. A queued job wakes workers at once instead
 * (WAKE_CHANNEL, and wakeWorkers in the same process): the poll is the backstop when a wake-up is
 * lost (the listening connection down for a moment).
 */
export const WORKER_POLLING_SECONDS = 2;

/**
 * PostgreSQL NOTIFY channel that wakes every worker process when a job is queued. Sent in the
 * queuing transaction, so it arrives at its commit: a separate worker process fetches the job at
 * once, not at its next poll (up to WORKER_POLLING_SECONDS of a person's wait for END otherwise).
 */
export const WAKE_CHANNEL = 'conversa_process_video';

/** How long a worker waits before opening its wake-up connection again after losing it. */
const WAKE_RECONNECT_MS = 1000;

/**
 * A connection of its own that LISTENs on WAKE_CHANNEL and calls `onWake` for each job queued by
 * any process. Lost, it is opened again after WAKE_RECONNECT_MS (the workers' poll covers the gap).
 */
export function listenForWakeUps(
  databaseUrl: string,
  log: (message: string) => void,
  onWake: () => void,
): { close(): Promise<void> } {
  let isClosed = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const open = async () => {
    const connection = new pg.Client({ connectionString: databaseUrl });
    current = connection;
    const reopen = () => {
      if (current === connection) {
        current = undefined;
        connection.end().catch(() => undefined);
        if (!isClosed) {
          retry = setTimeout(() => void open(), WAKE_RECONNECT_MS);
          retry.unref();
        }
      }
    };
    connection.on('notification', onWake);
    connection.on('error', (error) => {
      log(`job queue: wake-up connection lost: ${error.message}`);
      reopen();
    });
    connection.on('end', reopen);
    try {
      await connection.connect();
      await connection.query(`listen ${WAKE_CHANNEL}`);
      // A job queued while this connection was down waits for no poll.
      onWake();
    } catch (error) {
      log(`job queue: wake-up connection failed: ${(error as Error).message}`);
      reopen();
    }
  };
  void open();
  return {
    async close() {
      isClosed = true;
      clearTimeout(retry);
      const connection = current;
      current = undefined;
      await connection?.end().catch(() => undefined);
    },
  };
}
