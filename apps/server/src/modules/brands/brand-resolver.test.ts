import { describe, expect, it } from 'vitest';
import { getBrandHomeUrl } from './brand-resolver.ts';

describe('getBrandHomeUrl', () => {
  it.each([
    // A brand's own homeUrl wins.
    [
      { homeUrl: 'https://studio.harbor.example', hosts: ['harbor.localhost'] },
      'http://127.0.0.1:3700',
      'https://studio.harbor.example',
    ],
    // Else its first host, on PUBLIC_URL's scheme and port (issue 54, item 1).
    [
      { homeUrl: undefined, hosts: ['harbor.localhost', 'h.localhost'] },
      'http://127.0.0.1:3700',
      'http://harbor.localhost:3700',
    ],
    [
      { homeUrl: undefined, hosts: ['studio.harbor.example'] },
      'https://studio.example',
      'https://studio.harbor.example',
    ],
    // The studio's own brand has none: the page's origin.
    [{ homeUrl: undefined, hosts: [] }, 'http://127.0.0.1:3700', undefined],
  ])('%o under PUBLIC_URL %s is %s', (brand, publicUrl, expected) => {
    expect(getBrandHomeUrl(brand, publicUrl)).toBe(expected);
  });
});
