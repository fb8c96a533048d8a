import { describe, expect, it } from 'vitest';
import { sanitizeReturnTo } from './return-to.ts';

// Issue 30, item 3: `/api/auth/login?returnTo=%2F%09%2Fevil.example%2Fx` sent the browser to
// http://evil.example/x. Every value below that a browser would take off the studio is refused.
describe('sanitizeReturnTo', () => {
  it.each([
    ['/\t/evil.example/x'],
    ['/\n/evil.example'],
    ['/\r/evil.example'],
    ['\t//evil.example'],
    ['//evil.example'],
    ['///evil.example'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['/%2F/evil.example'],
    ['/%2fevil.example'],
    ['/%5Cevil.example'],
    ['/%09/evil.example'],
    ['/%0a/evil.example'],
    ['https://evil.example/'],
    ['http:evil.example'],
    ['javascript:alert(1)'],
    ['javascript:alert(1)//'],
    ['//user:pass@evil.example/'],
    ['//@evil.example'],
    ['evil.example'],
    [''],
    ['/\u0000/evil.example'],
  ])('refuses %j', (value) => {
    expect(sanitizeReturnTo(value)).toBeNull();
  });

  it.each([
    ['/dashboard', '/dashboard'],
    ['/storyfiles?search=a%20b&page=2', '/storyfiles?search=a%20b&page=2'],
    ['/training/chat_logs#exchange', '/training/chat_logs#exchange'],
    ['/@evil.example', '/@evil.example'],
    ['/a/../dashboard', '/dashboard'],
    ['/storyfiles?returnTo=//evil.example', '/storyfiles?returnTo=//evil.example'],
  ])('keeps %j as %j', (value, expected) => {
    expect(sanitizeReturnTo(value)).toBe(expected);
  });
});
