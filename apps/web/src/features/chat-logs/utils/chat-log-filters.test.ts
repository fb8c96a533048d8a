import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CONVERSATION_ADDRESS_INVALID_MESSAGE,
  countActiveFilters,
  getDateRangeError,
  isCalendarDay,
  isConversationId,
  readChatLogFilters,
  serializeChatLogFilters,
  toChatLogRequestQuery,
  writeChatLogFilters,
} from './chat-log-filters.ts';

const STORYFILE_ID = '0b6f3c1e-8d2a-4f4e-9a51-6a3c2b7d9e10';

describe('readChatLogFilters', () => {
  it('reads every filter from the address', () => {
    const params = new URLSearchParams(
      `storyfileId=${STORYFILE_ID}&from=2026-11-01&to=2026-11-21&decision=fallback&confidence=off-topic&channel=share&question=+zxqv+plorth%3F+&page=3`,
    );
    expect(readChatLogFilters(params)).toEqual({
      storyfileId: STORYFILE_ID,
      from: '2026-11-01',
      to: '2026-11-21',
      decision: 'fallback',
      confidence: 'off-topic',
      channel: 'share',
      question: 'zxqv plorth?',
    });
  });

  it('reads an empty address as no filters', () => {
    expect(readChatLogFilters(new URLSearchParams())).toEqual({});
  });

  it.each([
    ['storyfileId', 'not-a-uuid'],
    ['from', '2026-02-30'],
    ['from', '11/21/2026'],
    ['to', '2026-13-01'],
    ['decision', 'answer'],
    ['confidence', 'high'],
    ['channel', 'email'],
    ['question', '   '],
    ['question', 'x'.repeat(501)],
  ])('ignores a malformed %s (%s)', (key, value) => {
    expect(readChatLogFilters(new URLSearchParams({ [key]: value }))).toEqual({});
  });
});

describe('writeChatLogFilters', () => {
  it('sets filters, drops unset ones, keeps other parameters and returns to page 1', () => {
    const current = new URLSearchParams(
      'decision=answered&channel=api&page=4&conversation=abc&search=x',
    );
    const next = writeChatLogFilters(current, { decision: 'fallback', from: '2026-11-01' });
    expect(next.get('decision')).toBe('fallback');
    expect(next.get('from')).toBe('2026-11-01');
    expect(next.has('channel')).toBe(false);
    expect(next.has('page')).toBe(false);
    expect(next.get('conversation')).toBe('abc');
    expect(next.get('search')).toBe('x');
    expect(current.get('page')).toBe('4');
  });

  it('round-trips through the address', () => {
    const filters = {
      storyfileId: STORYFILE_ID,
      from: '2026-11-01',
      to: '2026-11-21',
      decision: 'answered',
      confidence: 'exact',
      channel: 'embed',
      question: 'Where were you born?',
    } as const;
    expect(readChatLogFilters(writeChatLogFilters(new URLSearchParams(), filters))).toEqual(
      filters,
    );
  });
});

describe('serializeChatLogFilters', () => {
  it('writes the filters in a fixed order, whatever order they were set in', () => {
    expect(serializeChatLogFilters({ channel: 'share', decision: 'fallback' })).toBe(
      'decision=fallback&channel=share',
    );
    expect(serializeChatLogFilters({ decision: 'fallback', channel: 'share' })).toBe(
      'decision=fallback&channel=share',
    );
  });

  it('is empty without filters', () => {
    expect(serializeChatLogFilters({})).toBe('');
  });
});

describe('toChatLogRequestQuery', () => {
  let previousTimeZone: string | undefined;
  beforeEach(() => {
    previousTimeZone = process.env.TZ;
    process.env.TZ = 'America/Los_Angeles';
  });
  afterEach(() => {
    if (previousTimeZone === undefined) {
      delete process.env.TZ;
    } else {
      process.env.TZ = previousTimeZone;
    }
  });

  it('sends local calendar days as instants covering the whole days', () => {
    expect(
      toChatLogRequestQuery(
        { from: '2026-11-21', to: '2026-11-21', decision: 'fallback', question: 'zxqv plorth' },
        2,
        30,
      ),
    ).toEqual({
      page: 2,
      pageSize: 30,
      from: '2026-11-21T08:00:00.000Z',
      to: '2026-11-22T07:59:59.999Z',
      decision: 'fallback',
      question: 'zxqv plorth',
    });
  });

  it('sends only the paging without filters', () => {
    expect(toChatLogRequestQuery({}, 1, 100)).toEqual({ page: 1, pageSize: 100 });
  });
});

describe('helpers', () => {
  it.each([
    ['2024-02-29', true],
    ['2026-02-29', false],
    ['2026-11-21', true],
    ['', false],
    [null, false],
  ])('isCalendarDay(%s) is %s', (value, expected) => {
    expect(isCalendarDay(value)).toBe(expected);
  });

  it('counts the active filters', () => {
    expect(countActiveFilters({})).toBe(0);
    expect(countActiveFilters({ decision: 'fallback', channel: 'api' })).toBe(2);
  });

  it('flags a range whose start is after its end', () => {
    expect(getDateRangeError({ from: '2026-11-22', to: '2026-11-21' })).toMatch(/after/);
    expect(getDateRangeError({ from: '2026-11-21', to: '2026-11-21' })).toBeNull();
    expect(getDateRangeError({ from: '2026-11-21' })).toBeNull();
  });
});

// Issue 15, defect 8: a bad `?conversation=` showed "Invalid request. conversationId: Invalid
// UUID" with a Try again button that could not help.
describe('isConversationId', () => {
  it.each([
    ['0b5d7c1e-1111-4000-8000-000000000001', true],
    ['not-a-conversation', false],
    ['', false],
    ['0b5d7c1e-1111-4000-8000-00000000000', false],
  ])('%j -> %s', (value, isId) => {
    expect(isConversationId(value)).toBe(isId);
  });

  it('tells the person what to do instead', () => {
    expect(CONVERSATION_ADDRESS_INVALID_MESSAGE).toBe(
      'This address does not point to a conversation. Close this panel and open a conversation from the chat log list.',
    );
  });
});
