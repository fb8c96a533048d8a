import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

describe('configuration', () => {
  it('has embedded defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      publicUrl: 'http://127.0.0.1:3000',
      oidc: { issuer: undefined, clientId: undefined, clientSecret: undefined },
      upstreamProviders: [],
    });
    expect(config.dataDir.endsWith('/data')).toBe(true);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT (got "eighty")'],
    [{ PORT: '70000' }, 'PORT (got "70000")'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL (got "not a url")'],
    [{ PUBLIC_URL: 'localhost:3000' }, 'PUBLIC_URL (got "localhost:3000")'],
    [
      { OIDC_ISSUER: 'https://id.example.com/realms/studio' },
      'OIDC_CLIENT_ID: is required when OIDC_ISSUER is set',
    ],
    [{ STUDIO_ADMIN_EMAIL: 'nobody' }, 'STUDIO_ADMIN_EMAIL (got "nobody")'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL (got "loud")'],
    [
      { IDP_MEDTRONIC_ISSUER: 'https://login.medtronic.example' },
      'IDP_MEDTRONIC_ISSUER and IDP_MEDTRONIC_CLIENT_ID: set both or neither',
    ],
  ])('a malformed value stops start-up naming it: %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('lists every problem at once', () => {
    try {
      loadConfig({ PORT: 'x', HOST: '', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).problems).toHaveLength(3);
    }
  });

  it('reads upstream identity providers for the hints', () => {
    const config = loadConfig({
      IDP_WALMART_ISSUER: 'https://login.walmart.example',
      IDP_WALMART_CLIENT_ID: 'studio',
      IDP_WALMART_CLIENT_SECRET: 'secret',
    });
    expect(config.upstreamProviders).toEqual([
      {
        hint: 'walmart',
        issuer: 'https://login.walmart.example',
        clientId: 'studio',
        clientSecret: 'secret',
      },
    ]);
  });
});
