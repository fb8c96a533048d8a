import { describe, expect, it } from 'vitest';
import { splitInvitedName } from './invitation-pages.ts';

describe('splitInvitedName', () => {
  it.each([
    ['Ada Lovelace', 'Ada', 'Lovelace'],
    ['Hopper, Grace', 'Grace', 'Hopper'],
    ['Mary Ann  Evans', 'Mary Ann', 'Evans'],
    ['Ada', 'Ada', ''],
    ['  ', '', ''],
    [null, '', ''],
  ])('offers %j as first %j and last %j', (name, firstName, lastName) => {
    expect(splitInvitedName(name)).toEqual({ firstName, lastName });
  });
});
