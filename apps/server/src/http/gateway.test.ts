import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import {
  currentUserSchema,
  defineContract,
  getMeContract,
  LOGIN_REQUIRED_MESSAGE,
  type CurrentUser,
  SYSTEM_ID_REQUIRED_MESSAGE,
} from '@conversa/contracts';
import { z } from 'zod';
import { installErrorHandler } from './errors.ts';
import { installPermissionHook, installSystemIdCheck, registerContract } from './gateway.ts';

const ALICE: CurrentUser = {
  isAdmin: false,
  isLoggedIn: true,
  iam: '00000000-0000-4000-8000-000000000001',
  firstName: 'Alice',
  lastName: null,
  email: 'alice@example.test',
  namespaces: [],
};

const whoAmIContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/test/who-am-i',
  summary: 'Who the handler was given',
  permission: { kind: 'public' },
  response: z.object({ email: z.string().nullable() }),
});

let app: FastifyInstance | undefined;

afterEach(async () => {
  await app?.close();
  app = undefined;
});

function buildGatewayApp(options: { withPermissionHook: boolean; user: CurrentUser | null }) {
  const instance = Fastify();
  instance.setValidatorCompiler(validatorCompiler);
  instance.setSerializerCompiler(serializerCompiler);
  installErrorHandler(instance);
  if (options.withPermissionHook) {
    installPermissionHook(instance, () => Promise.resolve(options.user));
  } else {
    instance.decorateRequest('currentUser', null);
  }
  let handledFor: CurrentUser | null | 'not called' = 'not called';
  registerContract(instance, getMeContract, (request) => {
    handledFor = request.currentUser;
    return Promise.resolve(request.currentUser);
  });
  registerContract(instance, whoAmIContract, (request) =>
    Promise.resolve({ email: request.currentUser?.email ?? null }),
  );
  app = instance;
  return { app: instance, handledFor: () => handledFor };
}

describe('registerContract', () => {
  it('hands a non-public handler the user the permission hook resolved', async () => {
    const gateway = buildGatewayApp({ withPermissionHook: true, user: ALICE });
    const answer = await gateway.app.inject('/v1/conversa/auth/me');
    expect(answer.statusCode).toBe(200);
    expect(currentUserSchema.parse(answer.json())).toEqual(ALICE);
    expect(gateway.handledFor()).toEqual(ALICE);
  });

  it('never runs a non-public handler without a user, even if no permission hook ran', async () => {
    const gateway = buildGatewayApp({ withPermissionHook: false, user: null });
    const answer = await gateway.app.inject('/v1/conversa/auth/me');
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toMatchObject({ message: LOGIN_REQUIRED_MESSAGE });
    expect(gateway.handledFor()).toBe('not called');
  });

  it('runs a public handler without a user', async () => {
    const gateway = buildGatewayApp({ withPermissionHook: true, user: null });
    const answer = await gateway.app.inject('/v1/conversa/test/who-am-i');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ email: null });
  });
});

describe('installSystemIdCheck (spec §7: a fixed system identifier header)', () => {
  function buildWriteApp() {
    const instance = Fastify();
    installSystemIdCheck(instance);
    instance.post('/v1/conversa/test/write', () => ({ ok: true }));
    return instance;
  }

  it.each([
    ['no header', undefined],
    ['another value', 'anything'],
    ['an empty value', ''],
    ['the value in other case', 'CONVERSA-STUDIO-WEB'],
  ])('refuses a cookie-authenticated write with %s (403)', async (_case, value) => {
    app = buildWriteApp();
    const response = await app.inject({
      method: 'POST',
      url: '/v1/conversa/test/write',
      headers: value === undefined ? {} : { 'x-system-id': value },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: SYSTEM_ID_REQUIRED_MESSAGE });
  });

  it("lets a write with the console's value through", async () => {
    app = buildWriteApp();
    const response = await app.inject({
      method: 'POST',
      url: '/v1/conversa/test/write',
      headers: { 'x-system-id': 'conversa-studio-web' },
    });
    expect(response.statusCode).toBe(200);
  });
});
