import { describe, expect, it } from 'vitest';
import { AVATAR_RESOURCE_TYPES, buildAvatarPath } from './avatar.ts';

describe('avatar path (spec §7 /avatar/{iam}/type/{resource_type}?timestamp)', () => {
  it('lists the resource types of spec §3', () => {
    expect(AVATAR_RESOURCE_TYPES).toEqual([
      'user',
      'storyfile',
      'namespace',
      'role',
      'learning_activity',
      'promo_code',
    ]);
  });

  const cases: Array<[Parameters<typeof buildAvatarPath>, string]> = [
    [['u-1'], '/avatar/u-1/type/user'],
    [['s 1', 'storyfile'], '/avatar/s%201/type/storyfile'],
    [['u-1', 'user', 1700000000000], '/avatar/u-1/type/user?timestamp=1700000000000'],
  ];
  it.each(cases)('%j -> %s', (args, path) => {
    expect(buildAvatarPath(...args)).toBe(path);
  });
});
