import { buildEmbedSnippet } from '@conversa/contracts';

/** The address visitors open: the brand's origin (see BrandView.linkOrigin) and the share path. */
export function buildShareUrl(origin: string, sharePath: string): string {
  return `${origin.replace(/\/$/, '')}${sharePath}`;
}

/** The iframe snippet for a published storyfile, from the brand's origin. */
export function buildEmbedCode(origin: string, slug: string, name: string): string {
  return buildEmbedSnippet(origin, slug, name);
}

/** The public transcript page of a published storyfile, on the given origin. */
export function buildTranscriptUrl(origin: string, sharePath: string): string {
  return `${buildShareUrl(origin, sharePath)}/transcript`;
}
