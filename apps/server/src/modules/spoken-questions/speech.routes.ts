import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  getMyActivitySpeechSettingsContract,
  getPublicSpeechSettingsContract,
  getSpeechSettingsContract,
  myActivitySpeechToTextContract,
  publicSpeechToTextContract,
  speechToTextContract,
  updateSpeechSettingsContract,
} from '@conversa/contracts';
import { registerContract } from '../../http/gateway.ts';
import type { ConversationEngine } from '../conversations/index.ts';
import { getMyActivityForStoryfile } from '../learning/index.ts';
import {
  admitPublicAsk,
  findPublishedStoryfile,
  VISITOR_COOKIE,
  visitorLimitKeys,
} from '../publishing/index.ts';
import {
  decodeVisitorOf,
  getSpeechSettings,
  SPEECH_CONTENT_TYPES,
  SPEECH_TOO_LARGE_MESSAGE,
  updateSpeechSettings,
  type SpeechGateway,
  type SpeechStream,
} from '../speech/index.ts';
import { registerSpeechStreamRoutes } from './speech-stream.routes.ts';

/** A storyfile's own counter of public recordings: spoken questions count apart from asks. */
const STORYFILE_SPEECH_COUNTER_PREFIX = 'storyfile-speech|';

/**
 * Aborted when the client closes the request before its answer is sent: the browser drops a
 * speculative recognition when the visitor speaks again (issue 42, item 3), and its ffmpeg and
 * recognizer must not run on for nobody.
 */
function closedRequestSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) {
      controller.abort();
    }
  });
  return controller.signal;
}

/**
 * The speech2text gateway's three doors: the studio (signed in, read access to the storyfile),
 * the public player (rate-limited like the public ask, counted in PostgreSQL) and a student's
 * activity. The body is the recording itself, read as bytes only on these routes.
 */
export async function registerSpeechRoutes(
  app: FastifyInstance,
  options: {
    engine: ConversationEngine;
    speech: SpeechGateway;
    /** Public asks one storyfile answers a minute (PUBLIC_ASK_LIMIT_PER_MINUTE); recordings too. */
    storyfileAskLimitPerMinute: number;
    /** Tests watch the streams the WebSocket doors open. */
    onSpeechStream?: (stream: SpeechStream) => void;
  },
): Promise<void> {
  const { engine, speech } = options;
  const { db } = engine;
  // The recognizers kept waiting for questions end with the studio.
  app.addHook('onClose', async () => {
    await speech.close?.();
  });

  // Which recognizer each player uses (the owner's choice in the storyfile's settings).
  registerContract(app, getSpeechSettingsContract, async (request) =>
    getSpeechSettings(db, request.params.id),
  );
  registerContract(app, updateSpeechSettingsContract, async (request) =>
    updateSpeechSettings(db, request.params.id, request.body.recognizer),
  );
  registerContract(app, getPublicSpeechSettingsContract, async (request) => {
    const storyfile = await findPublishedStoryfile(db, request.params.slug);
    return getSpeechSettings(db, storyfile.id);
  });
  registerContract(app, getMyActivitySpeechSettingsContract, async (request) => {
    await getMyActivityForStoryfile(
      { engine },
      request.currentUser,
      request.params.id,
      request.query.storyfileId,
      { isStartRequired: false },
    );
    return getSpeechSettings(db, request.query.storyfileId);
  });

  await app.register((scope, _options, done) => {
    // Fastify refuses a body past the contract's limit before any handler: say it in our words.
    // Any other error goes on to the studio's own handler.
    scope.setErrorHandler((error: Error & { code?: string }, _request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        return reply
          .status(413)
          .send({ statusCode: 413, error: 'PAYLOAD_TOO_LARGE', message: SPEECH_TOO_LARGE_MESSAGE });
      }
      throw error;
    });
    scope.addContentTypeParser(
      [...SPEECH_CONTENT_TYPES],
      { parseAs: 'buffer' },
      (_request, body, done) => done(null, body),
    );

    registerContract(scope, speechToTextContract, async (request, reply) =>
      speech.transcribe({
        storyfileId: request.query.storyfileId,
        audio: request.body,
        signal: closedRequestSignal(reply),
        visitor: decodeVisitorOf(request),
      }),
    );

    registerContract(scope, publicSpeechToTextContract, async (request, reply) => {
      const signal = closedRequestSignal(reply);
      const sentVisitorCookie = request.cookies[VISITOR_COOKIE] ?? '';
      const storyfileId = await admitPublicAsk(engine.db, {
        slug: request.params.slug,
        visitorLimitKeys: visitorLimitKeys('public-speech', {
          slug: request.params.slug,
          clientAddress: request.ip,
          visitorCookie: sentVisitorCookie,
        }),
        storyfileLimitPerMinute: options.storyfileAskLimitPerMinute,
        storyfileCounterPrefix: STORYFILE_SPEECH_COUNTER_PREFIX,
      });
      return speech.transcribe({
        storyfileId,
        audio: request.body,
        signal,
        visitor: decodeVisitorOf(request),
      });
    });

    registerContract(scope, myActivitySpeechToTextContract, async (request, reply) => {
      const signal = closedRequestSignal(reply);
      await getMyActivityForStoryfile(
        { engine },
        request.currentUser,
        request.params.id,
        request.query.storyfileId,
        { isStartRequired: true },
      );
      return speech.transcribe({
        storyfileId: request.query.storyfileId,
        audio: request.body,
        signal,
        visitor: decodeVisitorOf(request),
      });
    });
    done();
  });

  // The same three doors as WebSockets: the recording heard while it is made (issue 42, item 3).
  await registerSpeechStreamRoutes(app, {
    engine,
    speech,
    storyfileAskLimitPerMinute: options.storyfileAskLimitPerMinute,
    storyfileCounterPrefix: STORYFILE_SPEECH_COUNTER_PREFIX,
    ...(options.onSpeechStream ? { onStream: options.onSpeechStream } : {}),
  });
}
