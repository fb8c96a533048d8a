import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors.ts';
import { rethrowNameTaken } from './soft-delete.ts';

const format = (name: string) => `A topic named "${name}" already exists.`;

function uniqueViolation(constraint: string): Error {
  return new Error('insert failed', {
    cause: Object.assign(new Error('duplicate key'), { code: '23505', constraint }),
  });
}

describe('rethrowNameTaken', () => {
  it('answers 409 with the sentence when the name constraint broke', () => {
    let caught: unknown;
    try {
      rethrowNameTaken(
        uniqueViolation('topics_namespace_name_key'),
        'topics_namespace_name_key',
        format,
        'Family',
      );
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect((caught as AppError).message).toBe('A topic named "Family" already exists.');
    expect((caught as AppError).status).toBe(409);
  });

  it('rethrows anything else as it came', () => {
    const other = uniqueViolation('another_key');
    expect(() => rethrowNameTaken(other, 'topics_namespace_name_key', format, 'Family')).toThrow(
      other,
    );
  });
});
