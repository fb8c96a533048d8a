import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RawData, WebSocket } from 'ws';
import {
  activityParamsSchema,
  MAX_SPEECH_BYTES,
  myActivitySpeechStreamContract,
  publicSpeechStreamContract,
  publicStoryfileParamsSchema,
  speechStreamClientMessageSchema,
  speechStreamContract,
  speechToTextQuerySchema,
  type Contract,
  type SpeechStreamClientMessage,
  type SpeechStreamServerMessage,
} from '@conversa/contracts';
import { AppError } from '../../http/errors.ts';
import { contractRouteConfig, contractRouteSchema } from '../../http/gateway.ts';
import type { ConversationEngine } from '../conversations/index.ts';
import { getMyActivityForStoryfile } from '../learning/index.ts';
import { admitPublicAsk, VISITOR_COOKIE, visitorLimitKeys } from '../publishing/index.ts';
import {
  decodeVisitorOf,
  SPEECH_TOO_LARGE_MESSAGE,
  type SpeechGateway,
  type SpeechStream,
} from '../speech/index.ts';

export const SPEECH_STREAM_MESSAGE_INVALID =
  'This message is not part of a spoken question: send the recording as binary messages, and {"type":"decode","id":1}, {"type":"cancel"} or {"type":"end","id":1} as text.';
export const SPEECH_STREAM_ORIGIN_MESSAGE =
  "A spoken question can only be streamed from the studio's own pages.";
export const SPEECH_STREAM_UPGRADE_MESSAGE =
  'This call is a WebSocket: open it with an Upgrade, or send the whole recording with POST to the same path without /stream.';

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) {
    return data;
  }
  return Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
}

/** A refusal as the stream says it: the upload's status, code and sentence. */
function describeFailure(
  id: number | null,
  error: unknown,
): Extract<SpeechStreamServerMessage, { type: 'error' }> {
  if (error instanceof AppError) {
    return {
      type: 'error',
      id,
      statusCode: error.status,
      error: error.code,
      message: error.message,
    };
  }
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500 && error instanceof Error) {
    return { type: 'error', id, statusCode: status, error: 'BAD_REQUEST', message: error.message };
  }
  return {
    type: 'error',
    id,
    statusCode: 500,
    error: 'INTERNAL_SERVER_ERROR',
    message: 'Something went wrong on the server.',
  };
}

type Event =
  { kind: 'piece'; chunk: Buffer } | { kind: 'message'; message: SpeechStreamClientMessage };

/**
 * Serves one streamed question on an open socket. Every text message is validated by its schema
 * (anything else closes the stream with 400); pieces and messages wait, in order, until `admit`
 * has said which storyfile hears them (the upload's own checks), then go to the gateway's stream.
 * A refused stream gets one error with id null and closes; a socket closed early closes the
 * stream (its ffmpeg and decode killed, its folder deleted).
 */
export function serveSpeechStream(
  socket: WebSocket,
  speech: SpeechGateway,
  admit: () => Promise<string>,
  visitor: string,
  onStream?: (stream: SpeechStream) => void,
): void {
  let stream: SpeechStream | null = null;
  const early: Event[] = [];
  let earlyBytes = 0;
  let isDone = false;

  function reply(message: SpeechStreamServerMessage, isLast: boolean) {
    if (isDone) {
      return;
    }
    if (isLast) {
      isDone = true;
      stream?.close();
    }
    if (socket.readyState === socket.OPEN) {
      socket.send(JSON.stringify(message), () => {
        if (isLast) {
          socket.close(1000);
        }
      });
    }
  }

  function apply(target: SpeechStream, event: Event) {
    if (event.kind === 'piece') {
      target.write(event.chunk);
      return;
    }
    const { message } = event;
    if (message.type === 'decode') {
      target.decode(message.id);
    } else if (message.type === 'cancel') {
      target.cancel();
    } else {
      target.end(message.id);
    }
  }

  socket.on('message', (data, isBinary) => {
    if (isDone) {
      return;
    }
    let event: Event;
    if (isBinary) {
      event = { kind: 'piece', chunk: toBuffer(data) };
    } else {
      let parsed: unknown;
      try {
        parsed = JSON.parse(toBuffer(data).toString('utf8'));
      } catch {
        parsed = null;
      }
      const message = speechStreamClientMessageSchema.safeParse(parsed);
      if (!message.success) {
        reply(
          describeFailure(null, new AppError(400, 'BAD_REQUEST', SPEECH_STREAM_MESSAGE_INVALID)),
          true,
        );
        return;
      }
      event = { kind: 'message', message: message.data };
    }
    if (stream) {
      apply(stream, event);
      return;
    }
    earlyBytes += event.kind === 'piece' ? event.chunk.length : 0;
    if (earlyBytes > MAX_SPEECH_BYTES) {
      reply(
        describeFailure(null, new AppError(413, 'PAYLOAD_TOO_LARGE', SPEECH_TOO_LARGE_MESSAGE)),
        true,
      );
      return;
    }
    early.push(event);
  });
  socket.on('close', () => {
    isDone = true;
    stream?.close();
  });

  admit()
    .then((storyfileId) => speech.openStream({ storyfileId, answer: reply, visitor }))
    .then(
      (opened) => {
        if (isDone) {
          opened.close();
          return;
        }
        stream = opened;
        onStream?.(opened);
        early.splice(0).forEach((event) => apply(opened, event));
      },
      (error: unknown) => reply(describeFailure(null, error), true),
    );
}

/** The route options a contract gives a WebSocket door (documented in /docs/json like the rest). */
function doorOf(contract: Contract) {
  return {
    method: 'GET' as const,
    url: contract.path,
    config: contractRouteConfig(contract),
    schema: contractRouteSchema(contract, 101),
    // A plain GET (no Upgrade) is told what the call is.
    handler: async (_request: FastifyRequest, reply: FastifyReply) =>
      reply.status(426).send({
        statusCode: 426,
        error: 'UPGRADE_REQUIRED',
        message: SPEECH_STREAM_UPGRADE_MESSAGE,
      }),
  };
}

/**
 * The WebSocket doors of the speech2text gateway (issue 42, item 3): each its upload's path with
 * `/stream`, its query and params validated by the upload's schemas, its permission checked by
 * the same hook before the upgrade, and its admission (the public ask's limits per visitor and per
 * storyfile, the activity's dates) made as the upload's is, once per recording. Only the studio's
 * own pages may open one: cookies go with a WebSocket from any page.
 */
export async function registerSpeechStreamRoutes(
  app: FastifyInstance,
  options: {
    engine: ConversationEngine;
    speech: SpeechGateway;
    storyfileAskLimitPerMinute: number;
    storyfileCounterPrefix: string;
    /** Tests watch the streams the doors open. */
    onStream?: (stream: SpeechStream) => void;
  },
): Promise<void> {
  const { engine, speech } = options;
  await app.register(fastifyWebsocket, { options: { maxPayload: MAX_SPEECH_BYTES } });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // A browser always sends Origin on a WebSocket; other clients (the bench, API clients) may not.
  const checkOrigin = (
    request: FastifyRequest,
    _reply: FastifyReply,
    done: (error?: Error) => void,
  ) => {
    const origin = request.headers.origin;
    done(
      origin !== undefined && safeHost(origin) !== request.headers.host
        ? new AppError(403, 'FORBIDDEN', SPEECH_STREAM_ORIGIN_MESSAGE)
        : undefined,
    );
  };

  routes.route({
    ...doorOf(speechStreamContract),
    preValidation: checkOrigin,
    wsHandler: (socket, request) => {
      const { storyfileId } = speechToTextQuerySchema.parse(request.query);
      serveSpeechStream(
        socket,
        speech,
        () => Promise.resolve(storyfileId),
        decodeVisitorOf(request),
        options.onStream,
      );
    },
  });

  routes.route({
    ...doorOf(publicSpeechStreamContract),
    preValidation: checkOrigin,
    wsHandler: (socket, request) => {
      const { slug } = publicStoryfileParamsSchema.parse(request.params);
      serveSpeechStream(
        socket,
        speech,
        () =>
          admitPublicAsk(engine.db, {
            slug,
            visitorLimitKeys: visitorLimitKeys('public-speech', {
              slug,
              clientAddress: request.ip,
              visitorCookie: request.cookies[VISITOR_COOKIE] ?? '',
            }),
            storyfileLimitPerMinute: options.storyfileAskLimitPerMinute,
            storyfileCounterPrefix: options.storyfileCounterPrefix,
          }),
        decodeVisitorOf(request),
        options.onStream,
      );
    },
  });

  routes.route({
    ...doorOf(myActivitySpeechStreamContract),
    preValidation: checkOrigin,
    wsHandler: (socket, request) => {
      const { id } = activityParamsSchema.parse(request.params);
      const { storyfileId } = speechToTextQuerySchema.parse(request.query);
      serveSpeechStream(
        socket,
        speech,
        async () => {
          const user = request.currentUser;
          if (!user) {
            throw new AppError(401, 'UNAUTHORIZED', 'Sign in to ask.');
          }
          await getMyActivityForStoryfile({ engine }, user, id, storyfileId, {
            isStartRequired: true,
          });
          return storyfileId;
        },
        decodeVisitorOf(request),
        options.onStream,
      );
    },
  });
}

function safeHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}
