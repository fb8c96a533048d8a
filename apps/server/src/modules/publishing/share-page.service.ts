import { readFile } from 'node:fs/promises';
import {
  PRODUCT_NAME,
  shareSlugSchema,
  STORYFILE_NOT_AVAILABLE_MESSAGE,
  escapeHtml,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { findPublishedStoryfile } from './publishing.service.ts';

/** The shell when the web console is not built (development, tests): the same title and root. */
export const FALLBACK_SHELL =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Conversa Studio</title></head><body><div id="root"></div></body></html>';

export interface SharePage {
  status: 200 | 404;
  html: string;
}

/** The web shell with the page's title and preview (OpenGraph) tags filled in. */
export function renderSharePage(
  shell: string,
  page: { title: string; description: string; url: string },
): string {
  const tags = [
    `<title>${escapeHtml(page.title)}</title>`,
    `<meta name="description" content="${escapeHtml(page.description)}" />`,
    `<meta property="og:type" content="video.other" />`,
    `<meta property="og:title" content="${escapeHtml(page.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(page.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(page.url)}" />`,
    `<meta name="twitter:card" content="summary" />`,
  ].join('\n    ');
  const withoutTitle = shell.replace(/<title>[\s\S]*?<\/title>/i, '');
  return withoutTitle.replace(/<\/head>/i, `    ${tags}\n  </head>`);
}

/**
 * The share page `/s/{slug}`: the web console's shell, so the player runs there, with the
 * storyfile's title and preview tags for link previews. The shell is read once, on first use: it
 * only changes with a new build, which comes with a restart.
 */
export function createSharePageService(options: {
  db: Database;
  publicUrl: string;
  /** The built console's index.html; undefined when there is no build. */
  webIndexHtmlPath: string | undefined;
}) {
  const { db, publicUrl, webIndexHtmlPath } = options;
  let shell: Promise<string> | undefined;
  const loadShell = (): Promise<string> => {
    if (!webIndexHtmlPath) {
      return Promise.resolve(FALLBACK_SHELL);
    }
    shell ??= readFile(webIndexHtmlPath, 'utf8').catch(() => {
      // Not cached: the next request tries the file again.
      shell = undefined;
      return FALLBACK_SHELL;
    });
    return shell;
  };

  return {
    /** `brand`: the request's (its name in the title; its home address, else PUBLIC_URL, in the link). */
    async getSharePage(
      slug: string,
      brand: { name: string; homeUrl?: string | undefined } = { name: PRODUCT_NAME },
    ): Promise<SharePage> {
      const parsed = shareSlugSchema.safeParse(slug);
      const storyfile = parsed.success
        ? await findPublishedStoryfile(db, parsed.data).catch(() => null)
        : null;
      const page = storyfile
        ? {
            title: `${storyfile.name} | ${brand.name}`,
            description: storyfile.description || `Ask ${storyfile.name} a question.`,
          }
        : {
            title: `Not available | ${brand.name}`,
            description: STORYFILE_NOT_AVAILABLE_MESSAGE,
          };
      return {
        status: storyfile ? 200 : 404,
        html: renderSharePage(await loadShell(), {
          ...page,
          url: `${(brand.homeUrl ?? publicUrl).replace(/\/$/, '')}/s/${encodeURIComponent(slug)}`,
        }),
      };
    },
  };
}

export type SharePageService = ReturnType<typeof createSharePageService>;
