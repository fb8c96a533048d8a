import { describe, expect, it } from 'vitest';
import {
  buildEmbedPath,
  buildEmbedSnippet,
  buildSharePath,
  publicAskBodySchema,
  shareSlugSchema,
} from './publication.ts';

describe('share links', () => {
  it('puts the slug under /s/ and marks the embed', () => {
    expect(buildSharePath('aZ09aZ09aZ')).toBe('/s/aZ09aZ09aZ');
    expect(buildEmbedPath('aZ09aZ09aZ')).toBe('/s/aZ09aZ09aZ?embed=1');
  });

  it('builds an iframe snippet with the title escaped', () => {
    expect(buildEmbedSnippet('https://studio.example/', 'aZ09aZ09aZ', 'Ann "the" <best>')).toBe(
      '<iframe src="https://studio.example/s/aZ09aZ09aZ?embed=1" title="Ann &quot;the&quot; &lt;best&gt;" width="640" height="480" allow="microphone; autoplay; fullscreen" style="border:0"></iframe>',
    );
  });

  const slugs: Array<[string, boolean]> = [
    ['aZ09aZ09aZ', true],
    ['aZ09aZ09a', false],
    ['aZ09aZ09aZ0', false],
    ['aZ09aZ09a-', false],
  ];
  it.each(slugs)('slug %s valid: %s', (slug, isValid) => {
    expect(shareSlugSchema.safeParse(slug).success).toBe(isValid);
  });

  it('accepts only the public channels on a public ask, share by default', () => {
    expect(publicAskBodySchema.parse({ text: 'hi' })).toMatchObject({
      channel: 'share',
      inputMode: 'typed',
    });
    expect(publicAskBodySchema.safeParse({ text: 'hi', channel: 'studio' }).success).toBe(false);
  });
});
