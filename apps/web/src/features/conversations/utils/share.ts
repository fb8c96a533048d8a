import { buildEmbedSnippet } from '@conversa/contracts';

/** The address visitors open: this studio's origin and the publication's share path. */
export function buildShareUrl(origin: string, sharePath: string): string {
  return `${origin.replace(/\/$/, '')}${sharePath}`;
}

/** The iframe snippet for a published storyfile, from this studio's origin. */
export function buildEmbedCode(origin: string, slug: string, name: string): string {
  return buildEmbedSnippet(origin, slug, name);
}
