import { AVATAR_RESOURCE_TYPES } from '@conversa/contracts';
import { describe, expect, it } from 'vitest';
import {
  buildAvatarUrl,
  DEFAULT_AVATAR_SRC,
  getActiveDotColor,
  getAvatarSrc,
  validateAvatarFiles,
} from './avatar.ts';

describe('getAvatarSrc', () => {
  it.each([
    ['/avatar/u1/type/user?timestamp=1', false, '/avatar/u1/type/user?timestamp=1'],
    ['/avatar/u1/type/user?timestamp=1', true, DEFAULT_AVATAR_SRC],
    [undefined, false, DEFAULT_AVATAR_SRC],
    [null, false, DEFAULT_AVATAR_SRC],
    ['', false, DEFAULT_AVATAR_SRC],
    ['/avatar/undefined/type/user', false, DEFAULT_AVATAR_SRC],
    ['https://cdn.example.com/undefined.png', false, DEFAULT_AVATAR_SRC],
  ])('%j, failed %s -> %s', (src, hasFailed, expected) => {
    expect(getAvatarSrc(src, hasFailed)).toBe(expected);
  });

  it('uses a caller-supplied fallback', () => {
    expect(getAvatarSrc(undefined, false, '/other.png')).toBe('/other.png');
  });
});

describe('getActiveDotColor', () => {
  it.each([
    [true, 'green'],
    [false, 'grey'],
    [undefined, undefined],
  ])('%s -> %s', (isActive, color) => {
    expect(getActiveDotColor(isActive)).toBe(color);
  });
});

describe('buildAvatarUrl', () => {
  it.each([
    ['abc', 'user', 123, '/avatar/abc/type/user?timestamp=123'],
    ['sf 1', 'storyfile', 5, '/avatar/sf%201/type/storyfile?timestamp=5'],
    ['p/1', 'promo_code', 9, '/avatar/p%2F1/type/promo_code?timestamp=9'],
  ] as const)('%s, %s -> %s', (iam, type, timestamp, url) => {
    expect(buildAvatarUrl(iam, type, timestamp)).toBe(url);
  });

  it('lists the resource types of the spec', () => {
    expect(AVATAR_RESOURCE_TYPES).toEqual([
      'user',
      'storyfile',
      'namespace',
      'role',
      'learning_activity',
      'promo_code',
    ]);
  });
});

describe('validateAvatarFiles', () => {
  const png = { type: 'image/png', size: 1000 };
  it.each([
    [[png], true, undefined],
    [[{ type: 'image/jpeg', size: 10_000_000_000 }], true, undefined],
    [[], false, 'count'],
    [[png, png], false, 'count'],
    [[{ type: 'image/gif', size: 10 }], false, 'type'],
    [[{ type: 'image/webp', size: 10 }], false, 'type'],
    [[{ type: 'image/png', size: 10_000_000_001 }], false, 'size'],
  ])('%j -> valid %s (%s)', (files, isValid, problem) => {
    const result = validateAvatarFiles(files);
    expect(result.isValid).toBe(isValid);
    expect(result.isValid ? undefined : result.problem).toBe(problem);
  });
});
