// The database's time bounds, apart from the client so configuration can name the defaults.

/** How long opening a connection to the database may take (DATABASE_CONNECT_TIMEOUT_SECONDS). */
export const DATABASE_CONNECT_TIMEOUT_MS = 5_000;
/** How long one statement may run (the client waits 2 s more for a server that does not answer). */
export const DATABASE_STATEMENT_TIMEOUT_MS = 10_000;
