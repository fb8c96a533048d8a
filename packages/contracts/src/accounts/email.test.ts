import { describe, expect, it } from 'vitest';
import { isValidEmail } from './email.ts';

describe('isValidEmail', () => {
  it.each([
    ['user@example.com', true],
    ['first.last@sub.example.co', true],
    ['user+tag@example.io', true],
    ['"quoted name"@example.com', true],
    ['user@[192.168.0.1]', true],
    ['user@[255.255.255.255]', true],
    ['user@[256.1.1.1]', false],
    ['user@[192.168.0]', false],
    ['user@example.c', false],
    ['user@example.c0m', false],
    ['user@localhost', false],
    ['user@192.168.0.1', false],
    ['user.@example.com', false],
    ['.user@example.com', false],
    ['us..er@example.com', false],
    ['user@@example.com', false],
    ['user example@example.com', false],
    ['@example.com', false],
    ['user@', false],
    ['', false],
  ])('%j -> %s', (email, expected) => {
    expect(isValidEmail(email)).toBe(expected);
  });
});
