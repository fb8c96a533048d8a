import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DataStore, Server as TusServer, ServerOptions } from '@tus/server';
import { UPLOAD_METADATA_KEYS, type CurrentUser } from '@conversa/contracts';
import type { StudioMetrics } from '../../http/metrics.ts';

// The adapter between Fastify and @tus/server: which requests reach tus and how (raw, hijacked,
// cut off when the studio stops), the user tus's hooks read, the error tus answers with, and the
// bytes a data store writes. What an upload may be (the policy) is the routes' business.

/** Where the tus endpoint is mounted (UPLOAD_ENDPOINT_PATH without its trailing slash). */
export const TUS_MOUNT_PATH = '/files';

/** An error @tus/server answers with: its status and a plain-text body. */
export class TusResponseError extends Error {
  constructor(
    readonly status_code: number,
    readonly body: string,
  ) {
    super(body);
    this.name = 'TusResponseError';
  }
}

/** The storyfile a tus creation names in its Upload-Metadata header (`key base64value,...`). */
export function readMetadataStoryfileId(
  request: Pick<FastifyRequest, 'method' | 'headers'>,
): string | undefined {
  const header = request.headers['upload-metadata'];
  if (request.method !== 'POST' || typeof header !== 'string') {
    return undefined;
  }
  for (const pair of header.split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (key === UPLOAD_METADATA_KEYS.storyfileId && value) {
      return Buffer.from(value, 'base64').toString('utf8').trim() || undefined;
    }
  }
  return undefined;
}

/**
 * The data store as tus sees it, counting the bytes each write stores (a write answers its new
 * offset). A view over the store: the store itself is left as it is.
 */
export function countWrittenBytes(datastore: DataStore, count: (bytes: number) => void): DataStore {
  return new Proxy(datastore, {
    get(target, property) {
      if (property === 'write') {
        return async (...args: Parameters<DataStore['write']>) => {
          const end = await target.write(...args);
          count(end - args[2]);
          return end;
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
}

/** A request as tus's hooks receive it. */
export type TusRequest = Parameters<NonNullable<ServerOptions['onUploadCreate']>>[0];

/** The signed-in user of each request handed to tus, for its hooks (the gateway resolved them). */
export function createTusRequestUsers() {
  const users = new WeakMap<IncomingMessage, CurrentUser>();
  return {
    remember(raw: IncomingMessage, user: CurrentUser | undefined | null) {
      if (user) {
        users.set(raw, user);
      }
    },
    userOf(request: TusRequest): CurrentUser | undefined {
      const raw = (request as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node
        ?.req;
      return raw ? users.get(raw) : undefined;
    },
  };
}

/**
 * Mounts tus at /files/: the gateway's hooks run first (`loggedIn`, so the permission hook
 * resolves the user, cookie or bearer), then the raw request goes to tus, unparsed (PATCH bodies
 * can be gigabytes). Uploads in flight when the studio stops are cut off; clients resume them.
 */
export async function mountTusEndpoint(
  app: FastifyInstance,
  tus: TusServer,
  options: {
    users: ReturnType<typeof createTusRequestUsers>;
    metrics: Pick<StudioMetrics, 'observeRequest'>;
  },
): Promise<void> {
  const { users, metrics } = options;
  const inFlight = new Set<IncomingMessage>();
  app.addHook('preClose', (done) => {
    for (const raw of inFlight) {
      raw.socket?.destroy();
    }
    done();
  });

  await app.register((scope, _options, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, parsed) => parsed(null, undefined));
    const forward = async (request: FastifyRequest, reply: FastifyReply) => {
      users.remember(request.raw, request.currentUser);
      reply.hijack();
      inFlight.add(request.raw);
      try {
        await tus.handle(request.raw, reply.raw);
      } catch (error) {
        request.log.error({ err: error }, 'upload request failed');
        if (!reply.raw.headersSent) {
          reply.raw.writeHead(500).end();
        }
      } finally {
        inFlight.delete(request.raw);
        // Hijacked: Fastify's onResponse does not see it, so it is timed here.
        metrics.observeRequest(request, reply.raw.statusCode, reply.elapsedTime / 1000);
      }
    };
    for (const url of [TUS_MOUNT_PATH, `${TUS_MOUNT_PATH}/`, `${TUS_MOUNT_PATH}/:id`]) {
      scope.route({
        method: ['POST', 'HEAD', 'PATCH', 'DELETE'],
        url,
        config: {
          permission: { kind: 'loggedIn' },
          // The gateway's read-only guard learns the storyfile a new upload targets from its metadata.
          writeTargetStoryfile: readMetadataStoryfileId,
          answersInPlainText: true,
        },
        schema: { hide: true },
        handler: forward,
      });
      // CORS preflights carry no credentials.
      scope.route({
        method: 'OPTIONS',
        url,
        config: { permission: { kind: 'public' } },
        schema: { hide: true },
        handler: forward,
      });
    }
    done();
  });
}
