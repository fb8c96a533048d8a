import { describe, expect, it } from 'vitest';
import { readDismissedUploads, rememberDismissedUpload } from './dismissed-uploads';

function createStorage(initial: string | null = null) {
  let value = initial;
  return {
    getItem: () => value,
    setItem: (_key: string, next: string) => {
      value = next;
    },
  };
}

describe('dismissed uploads', () => {
  it.each([
    ['nothing stored', null, []],
    ['a stored list', '["a","b"]', ['a', 'b']],
    ['ids among other values', '["a",3,null]', ['a']],
    ['something not a list', '{"a":1}', []],
    ['broken JSON', '[', []],
  ])('reads %s', (_name, stored, ids) => {
    expect([...readDismissedUploads(createStorage(stored))]).toEqual(ids);
  });

  it('remembers the last hundred ids', () => {
    const storage = createStorage(JSON.stringify(Array.from({ length: 100 }, (_, i) => `u${i}`)));
    rememberDismissedUpload(storage, 'new');
    const ids = [...readDismissedUploads(storage)];
    expect(ids).toHaveLength(100);
    expect(ids[0]).toBe('u1');
    expect(ids.at(-1)).toBe('new');
  });

  it('works without storage and when storage refuses', () => {
    expect(readDismissedUploads(undefined).size).toBe(0);
    expect(() => rememberDismissedUpload(undefined, 'a')).not.toThrow();
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => rememberDismissedUpload(full, 'a')).not.toThrow();
  });
});
