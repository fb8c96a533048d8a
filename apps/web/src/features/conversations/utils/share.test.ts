import { describe, expect, it } from 'vitest';
import { buildEmbedCode, buildShareUrl } from './share';

describe('share and embed', () => {
  it('puts the share path on this studio origin', () => {
    expect(buildShareUrl('https://studio.example', '/s/aZ09aZ09aZ')).toBe(
      'https://studio.example/s/aZ09aZ09aZ',
    );
    expect(buildShareUrl('https://studio.example/', '/s/aZ09aZ09aZ')).toBe(
      'https://studio.example/s/aZ09aZ09aZ',
    );
  });

  it('embeds the embed page of the slug with the storyfile name as the frame title', () => {
    expect(buildEmbedCode('https://studio.example', 'aZ09aZ09aZ', 'Grandma "Rose"')).toBe(
      '<iframe src="https://studio.example/s/aZ09aZ09aZ?embed=1" title="Grandma &quot;Rose&quot;" width="640" height="480" allow="microphone; autoplay; fullscreen" style="border:0"></iframe>',
    );
  });
});
