import { describe, expect, it } from 'vitest';
import { readScriptParam, buildScriptParams } from './builder-params';

describe('readScriptParam', () => {
  it.each([
    ['', ''],
    ['script=s1', 's1'],
    ['page=2&script=s1', 's1'],
    ['script=', ''],
  ])('?%s -> %j', (search, expected) => {
    expect(readScriptParam(new URLSearchParams(search))).toBe(expected);
  });
});

describe('buildScriptParams', () => {
  it.each([
    ['', 's1', 'script=s1'],
    ['script=s1', 's2', 'script=s2'],
    ['script=s1', '', ''],
    ['', '', ''],
    ['tab=x&script=s1', '', 'tab=x'],
    ['tab=x', 's1', 'tab=x&script=s1'],
  ])('?%s with %j -> ?%s', (search, id, expected) => {
    expect(buildScriptParams(new URLSearchParams(search), id).toString()).toBe(expected);
  });

  it('leaves the given parameters as they were', () => {
    const params = new URLSearchParams('script=s1');
    buildScriptParams(params, 's2');
    expect(params.toString()).toBe('script=s1');
  });
});
