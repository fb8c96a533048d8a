import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../config/env.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { openTestDatabase } from '../../test/studio.ts';
import { buildApp } from './app.ts';
import { DYNAMIC_COMPRESSION } from './compression.ts';

const ASSET = 'assets/index-Ab12Cd34.js';
const WORKER_ASSET = 'assets/compile.worker-Ef56Gh78.js';
const ASSET_SOURCE = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const INDEX_HTML = `<!doctype html><html><head><title>Conversa</title></head><body>${'<div></div>'.repeat(200)}</body></html>`;

let handle: DatabaseHandle;
let app: FastifyInstance;
let webDist: string;

beforeAll(async () => {
  // A build as apps/web's precompress step leaves it: each text file beside its .br and .gz.
  webDist = mkdtempSync(path.join(tmpdir(), 'conversa-web-dist-'));
  mkdirSync(path.join(webDist, 'assets'));
  for (const [file, source] of [
    [ASSET, ASSET_SOURCE],
    [WORKER_ASSET, ASSET_SOURCE],
    ['index.html', INDEX_HTML],
    ['logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>'],
  ] as const) {
    writeFileSync(path.join(webDist, file), source);
    writeFileSync(path.join(webDist, `${file}.br`), brotliCompressSync(source));
    writeFileSync(path.join(webDist, `${file}.gz`), gzipSync(source));
  }
  handle = await openTestDatabase();
  app = await buildApp({
    config: loadConfig({ PORT: '3999', LOG_LEVEL: 'silent', DATABASE_URL: 'postgres://unused/x' }),
    db: handle.db,
    webDist,
    registerExtraRoutes: (instance) => {
      const rows = (count: number) =>
        Array.from({ length: count }, (_, index) => ({ id: index, name: `storyfile ${index}` }));
      instance.get('/v1/conversa/big', { config: { permission: { kind: 'public' } } }, () => ({
        rows: rows(60),
      }));
      // A list page of 100 rows is 40-50 KB of JSON.
      instance.get('/v1/conversa/page', { config: { permission: { kind: 'public' } } }, () => ({
        rows: rows(1500),
      }));
      instance.get('/v1/conversa/small', { config: { permission: { kind: 'public' } } }, () => ({
        rows: rows(2),
      }));
    },
  });
});

afterAll(async () => {
  await app?.close();
  await handle?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string>) =>
  app.inject({ method: 'GET', url, headers: { 'x-system-id': 'conversa-studio-web', ...headers } });

describe('built assets', () => {
  it('answers /favicon.ico with the logo, not a 404 logged in the console (issue 44)', async () => {
    const response = await get('/favicon.ico', {});
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
  });

  it.each([
    ['br, gzip, deflate', 'br', (body: Buffer) => brotliDecompressSync(body)],
    ['gzip, deflate', 'gzip', (body: Buffer) => gunzipSync(body)],
    ['gzip;q=1, br;q=0.5', 'gzip', (body: Buffer) => gunzipSync(body)],
  ])(
    'with Accept-Encoding "%s" are sent %s from the precompressed file',
    async (accept, encoding, decode) => {
      const response = await get(`/${ASSET}`, { 'accept-encoding': accept });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(decode(response.rawPayload).toString()).toBe(ASSET_SOURCE);
    },
  );

  it('go uncompressed to a client that accepts no encoding, still varying by it', async () => {
    const response = await get(`/${ASSET}`, { 'accept-encoding': 'identity' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.body).toBe(ASSET_SOURCE);
  });

  it('carry nosniff but not the headers only a document acts on (a worker script keeps them)', async () => {
    const asset = await get(`/${ASSET}`, { 'accept-encoding': 'br' });
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const name of [
      'content-security-policy',
      'x-frame-options',
      'permissions-policy',
      'referrer-policy',
      'etag',
      'last-modified',
    ]) {
      expect(asset.headers[name], name).toBeUndefined();
    }
    const worker = await get(`/${WORKER_ASSET}`, { 'accept-encoding': 'br' });
    expect(worker.headers['content-security-policy']).toContain("script-src 'self'");
    const page = await get('/dashboard', { accept: 'text/html' });
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['permissions-policy']).toContain('camera=(self)');
  });

  it('include the HTML shell of a deep link, never stored', async () => {
    const response = await get('/dashboard', { accept: 'text/html', 'accept-encoding': 'br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX_HTML);
  });
});

describe('JSON answers', () => {
  it('above 1 KB are compressed by Accept-Encoding', async () => {
    const plain = await get('/v1/conversa/big', { 'accept-encoding': 'identity' });
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const br = await get('/v1/conversa/big', { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gzip = await get('/v1/conversa/big', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it('the size of a list page are compressed in one call and sent with their length', async () => {
    const plain = await get('/v1/conversa/page', { 'accept-encoding': 'identity' });
    expect(plain.rawPayload.length).toBeGreaterThan(40 * 1024);
    expect(plain.rawPayload.length).toBeLessThan(DYNAMIC_COMPRESSION.syncThreshold);
    for (const [accept, decode] of [
      ['gzip', gunzipSync],
      ['br', brotliDecompressSync],
    ] as const) {
      const response = await get('/v1/conversa/page', { 'accept-encoding': accept });
      expect(response.headers['content-encoding']).toBe(accept);
      // The stream path (zlib on the threadpool) sends chunks without a length.
      expect(response.headers['transfer-encoding']).toBeUndefined();
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      expect(decode(response.rawPayload).toString()).toBe(plain.body);
    }
  });

  it('of 1 KB or less go as they are', async () => {
    const response = await get('/v1/conversa/small', { 'accept-encoding': 'br, gzip' });
    expect(response.rawPayload.length).toBeLessThanOrEqual(1024);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(response.body)).toMatchObject({ rows: [{ id: 0 }, { id: 1 }] });
  });
});
