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
      databaseConnectTimeoutSeconds: 5,
      databaseStatementTimeoutSeconds: 10,
      oidc: { issuer: undefined, clientId: undefined, clientSecret: undefined },
      upstreamProviders: [],
      // Issue 64: the stronger sentence model shipped in the repository is the default.
      matcherEmbedder: { kind: 'all-minilm-l6-v2' },
    });
    expect(config.dataDir.endsWith('/data')).toBe(true);
  });

  it('keeps USE lite and words alone as choices, and names the choices for any other model', () => {
    expect(loadConfig({ MATCHER_EMBEDDER: 'use-lite' }).matcherEmbedder).toEqual({
      kind: 'use-lite',
    });
    expect(loadConfig({ MATCHER_EMBEDDER: 'none' }).matcherEmbedder).toEqual({ kind: 'none' });
    expect(() => loadConfig({ MATCHER_EMBEDDER: 'bert' })).toThrow(
      'MATCHER_EMBEDDER must be all-minilm-l6-v2, use-lite or none',
    );
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT (got "eighty")'],
    [{ PORT: '70000' }, 'PORT (got "70000")'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL (got "not a url")'],
    [{ DATABASE_CONNECT_TIMEOUT_SECONDS: '0' }, 'DATABASE_CONNECT_TIMEOUT_SECONDS (got "0")'],
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

describe('uploads, media and jobs configuration', () => {
  it('defaults to files under DATA_DIR, every role in one process, and spec-sized uploads', () => {
    const config = loadConfig({});
    expect(config.role).toBe('all');
    expect(config.media).toMatchObject({
      ffmpegPath: undefined,
      store: { kind: 'file' },
      uploadMaxBytes: 10_000_000_000,
      uploadExpirationMs: 24 * 3600 * 1000,
      packageRetentionHours: 24,
      urlTtlSeconds: 3600,
    });
    expect(config.jobs).toEqual({
      concurrency: 1,
      transcribeConcurrency: 1,
      transcribeNiceness: 19,
      expireSeconds: 1800,
      retryDelaySeconds: 10,
      maintenanceIntervalSeconds: 60,
      shutdownGraceSeconds: 10,
    });
  });

  it('reads an S3-compatible store', () => {
    const config = loadConfig({
      MEDIA_STORE: 's3',
      S3_BUCKET: 'studio-media',
      S3_ENDPOINT: 'http://minio.local:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config.media.store).toEqual({
      kind: 's3',
      bucket: 'studio-media',
      region: 'us-east-1',
      endpoint: 'http://minio.local:9000',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
  });

  it.each([
    [{ MEDIA_STORE: 's3' }, 'S3_BUCKET: is required when MEDIA_STORE is s3'],
    [{ S3_ACCESS_KEY_ID: 'key' }, 'set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY both or neither'],
    [{ STUDIO_ROLE: 'cron' }, 'STUDIO_ROLE (got "cron")'],
    [{ UPLOAD_MAX_BYTES: '10000000001' }, 'UPLOAD_MAX_BYTES (got "10000000001")'],
    [{ MEDIA_URL_TTL_SECONDS: '1' }, 'MEDIA_URL_TTL_SECONDS (got "1")'],
    [{ WORKER_CONCURRENCY: '0' }, 'WORKER_CONCURRENCY (got "0")'],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('public player and metrics configuration', () => {
  it('keeps 4 embedded recognizers waiting by default, reads SPEECH_WARM_DECODERS, and refuses a bad count', () => {
    expect(loadConfig({}).speech.warmDecoders).toBe(4);
    expect(loadConfig({ SPEECH_WARM_DECODERS: '0' }).speech.warmDecoders).toBe(0);
    for (const value of ['-1', '2.5', 'many', '65']) {
      expect(() => loadConfig({ SPEECH_WARM_DECODERS: value })).toThrow(
        `SPEECH_WARM_DECODERS (got "${value}")`,
      );
    }
  });

  it("reads the visitors' questions every 300 s by default, MATCHER_VISITOR_LOG_SECONDS otherwise", () => {
    expect(loadConfig({}).matcherVisitorLogMs).toBe(300_000);
    expect(loadConfig({ MATCHER_VISITOR_LOG_SECONDS: '0' }).matcherVisitorLogMs).toBe(0);
    expect(() => loadConfig({ MATCHER_VISITOR_LOG_SECONDS: '-5' })).toThrow(
      'MATCHER_VISITOR_LOG_SECONDS must be 0 or more (seconds; 0 reads it at every ask)',
    );
    expect(() => loadConfig({ MATCHER_VISITOR_LOG_SECONDS: 'often' })).toThrow(
      'MATCHER_VISITOR_LOG_SECONDS (got "often")',
    );
  });

  it('keeps 4,096 MB of matchers by default, reads MATCHER_CACHE_MB, and refuses a bad size', () => {
    expect(loadConfig({}).matcherCacheMb).toBe(4096);
    expect(loadConfig({ MATCHER_CACHE_MB: '0' }).matcherCacheMb).toBe(0);
    expect(() => loadConfig({ MATCHER_CACHE_MB: '-1' })).toThrow(
      'MATCHER_CACHE_MB must be 0 or more (megabytes; 0 keeps only the storyfile being asked)',
    );
    expect(() => loadConfig({ MATCHER_CACHE_MB: '2.5' })).toThrow(
      'MATCHER_CACHE_MB must be a whole number of megabytes, e.g. 4096',
    );
    expect(() => loadConfig({ MATCHER_CACHE_MB: 'lots' })).toThrow('MATCHER_CACHE_MB (got "lots")');
  });

  it('caps a storyfile at the 300 public asks a minute by default, and reads PUBLIC_ASK_LIMIT_PER_MINUTE', () => {
    expect(loadConfig({}).publicAskLimitPerMinute).toBe(300);
    expect(loadConfig({ PUBLIC_ASK_LIMIT_PER_MINUTE: '5000' }).publicAskLimitPerMinute).toBe(5000);
  });

  it.each(['0', '-1', 'many', '2.5'])('refuses PUBLIC_ASK_LIMIT_PER_MINUTE=%s', (value) => {
    expect(() => loadConfig({ PUBLIC_ASK_LIMIT_PER_MINUTE: value })).toThrow(
      `PUBLIC_ASK_LIMIT_PER_MINUTE (got "${value}")`,
    );
  });

  it('trusts no proxy unless TRUST_PROXY names them, and refuses what is not an address', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,loopback,::1' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      'loopback',
      '::1',
    ]);
    for (const value of ['true', '*', '10.0.0.0/33', 'proxy.example']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow('TRUST_PROXY');
    }
  });

  it('keeps /metrics to loopback unless METRICS_TOKEN is set, and refuses a short token', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'a-long-enough-scrape-token' }).metricsToken).toBe(
      'a-long-enough-scrape-token',
    );
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow('METRICS_TOKEN (got "short")');
  });
});
