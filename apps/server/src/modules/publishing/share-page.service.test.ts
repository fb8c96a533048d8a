import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { makeTempDir } from '../../../test/upload.fixtures.ts';
import { createSharePageService, FALLBACK_SHELL, renderSharePage } from './share-page.service.ts';

const SHELL =
  '<!doctype html>\n<html lang="en">\n  <head>\n    <title>Conversa Studio</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>';

describe('renderSharePage', () => {
  it('replaces the title and adds the preview tags, escaped', () => {
    const html = renderSharePage(SHELL, {
      title: 'Grandma "Rose" <3 | Conversa Studio',
      description: "Ask Rose & co. what's cooking",
      url: 'https://studio.test/s/AbCdEfGhIj',
    });
    expect(html).not.toContain('<title>Conversa Studio</title>');
    expect(html).toContain('<title>Grandma &quot;Rose&quot; &lt;3 | Conversa Studio</title>');
    expect(html).toContain(
      '<meta name="description" content="Ask Rose &amp; co. what&#39;s cooking" />',
    );
    expect(html).toContain('<meta property="og:url" content="https://studio.test/s/AbCdEfGhIj" />');
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));
  });
});

describe('createSharePageService', () => {
  // A slug that fails the slug schema never reaches the database.
  const db = {} as Database;

  it('reads the web shell once and keeps it', async () => {
    const dir = await makeTempDir('conversa-share-page-');
    const indexHtml = path.join(dir, 'index.html');
    await writeFile(indexHtml, SHELL.replace('<body>', '<body data-build="first">'));
    const service = createSharePageService({
      db,
      publicUrl: 'https://studio.test/',
      webIndexHtmlPath: indexHtml,
    });
    const first = await service.getSharePage('not a slug');
    await writeFile(indexHtml, SHELL.replace('<body>', '<body data-build="second">'));
    const second = await service.getSharePage('not a slug');
    expect(first).toMatchObject({ status: 404 });
    expect(first.html).toContain('data-build="first"');
    expect(second.html).toContain('data-build="first"');
    expect(first.html).toContain('content="https://studio.test/s/not%20a%20slug"');
    expect(await readFile(indexHtml, 'utf8')).toContain('data-build="second"');
  });

  it('falls back to a minimal shell without a web build', async () => {
    const service = createSharePageService({
      db,
      publicUrl: 'https://studio.test',
      webIndexHtmlPath: undefined,
    });
    const page = await service.getSharePage('not a slug');
    expect(page.status).toBe(404);
    expect(page.html).toContain('<div id="root"></div>');
    expect(page.html).toContain('<title>Not available | Conversa Studio</title>');
    expect(FALLBACK_SHELL).toContain('</head>');
  });
});
