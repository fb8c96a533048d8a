import { beforeEach, describe, expect, it } from 'vitest';
import {
  addRecentActivity,
  addRecentStoryfile,
  getListView,
  getPageSize,
  getRecentActivity,
  getRecentStoryfiles,
  LIST_VIEW_STORAGE_KEY,
  PAGE_SIZE_STORAGE_KEY,
  RECENT_ACTIVITY_STORAGE_KEY,
  RECENT_STORYFILES_STORAGE_KEY,
  setListView,
  setPageSize,
} from './recent-activity.ts';

let storage: Storage;

beforeEach(() => {
  window.localStorage.clear();
  storage = window.localStorage;
});

describe('recent activity', () => {
  it('keeps the 5 newest entries, newest first', () => {
    for (let minute = 1; minute <= 7; minute += 1) {
      addRecentActivity(storage, `Topic ${minute}`, { url: `/topics/${minute}` }, minute * 60_000);
    }
    expect(getRecentActivity(storage).map((entry) => entry.name)).toEqual([
      'Topic 7',
      'Topic 6',
      'Topic 5',
      'Topic 4',
      'Topic 3',
    ]);
    expect(
      Object.keys(JSON.parse(storage.getItem(RECENT_ACTIVITY_STORAGE_KEY)!) as object),
    ).toHaveLength(5);
  });

  it('stores url, addedOn, chatLogQuery and storyfileId under the name', () => {
    addRecentActivity(
      storage,
      'Santa',
      { url: '/training/chat_logs', chatLogQuery: 'q=hi', storyfileId: 'sf-1' },
      1000,
    );
    expect(getRecentActivity(storage)).toEqual([
      {
        name: 'Santa',
        url: '/training/chat_logs',
        chatLogQuery: 'q=hi',
        storyfileId: 'sf-1',
        addedOn: 1000,
      },
    ]);
  });

  it('replaces an entry of the same name and moves it to the front', () => {
    addRecentActivity(storage, 'A', { url: '/a' }, 1);
    addRecentActivity(storage, 'B', { url: '/b' }, 2);
    addRecentActivity(storage, 'A', { url: '/a2' }, 3);
    expect(getRecentActivity(storage).map(({ name, url }) => [name, url])).toEqual([
      ['A', '/a2'],
      ['B', '/b'],
    ]);
  });

  it.each([
    ['Santa - Deleted', false],
    ['Old script - Deleted (2)', false],
    ['Santa -Deleted', true],
    ['Deleted scenes', true],
  ])('adding %j is stored: %s', (name, isStored) => {
    expect(addRecentActivity(storage, name, { url: '/x' }, 1)).toBe(isStored);
    expect(getRecentActivity(storage).length).toBe(isStored ? 1 : 0);
  });

  it.each([
    ['not json', '{'],
    ['an array', '[]'],
    ['a number', '5'],
  ])('treats %s in storage as empty', (_name, raw) => {
    storage.setItem(RECENT_ACTIVITY_STORAGE_KEY, raw);
    expect(getRecentActivity(storage)).toEqual([]);
  });

  it('drops malformed entries', () => {
    storage.setItem(
      RECENT_ACTIVITY_STORAGE_KEY,
      JSON.stringify({
        good: { url: '/good', addedOn: 5 },
        noUrl: { addedOn: 6 },
        badDate: { url: '/bad', addedOn: 'yesterday' },
        badQuery: { url: '/bad', addedOn: 7, chatLogQuery: 3 },
      }),
    );
    expect(getRecentActivity(storage).map((entry) => entry.name)).toEqual(['good']);
  });
});

describe('recent storyfiles', () => {
  it('keeps the 5 newest by id', () => {
    for (let index = 1; index <= 6; index += 1) {
      addRecentStoryfile(storage, { id: `sf-${index}`, name: `Storyfile ${index}` }, index);
    }
    addRecentStoryfile(storage, { id: 'sf-3', name: 'Storyfile 3' }, 10);
    expect(getRecentStoryfiles(storage)).toEqual([
      { id: 'sf-3', addedOn: 10 },
      { id: 'sf-6', addedOn: 6 },
      { id: 'sf-5', addedOn: 5 },
      { id: 'sf-4', addedOn: 4 },
      { id: 'sf-2', addedOn: 2 },
    ]);
  });

  it('never adds a storyfile whose name contains " - Deleted"', () => {
    expect(addRecentStoryfile(storage, { id: 'sf-1', name: 'Santa - Deleted' }, 1)).toBe(false);
    expect(storage.getItem(RECENT_STORYFILES_STORAGE_KEY)).toBeNull();
  });
});

describe('page size', () => {
  it.each([
    [null, 30],
    ['50', 50],
    ['1', 1],
    ['100', 100],
    ['0', 30],
    ['101', 30],
    ['2.5', 30],
    ['', 30],
    ['lots', 30],
  ])('stored %j -> %i', (stored, pageSize) => {
    if (stored !== null) {
      storage.setItem(PAGE_SIZE_STORAGE_KEY, stored);
    }
    expect(getPageSize(storage)).toBe(pageSize);
  });

  it('round-trips', () => {
    setPageSize(storage, 75);
    expect(getPageSize(storage)).toBe(75);
  });
});

describe('list view', () => {
  it.each([
    [null, 'grid'],
    ['list', 'list'],
    ['grid', 'grid'],
    ['table', 'grid'],
  ])('stored %j -> %s', (stored, view) => {
    if (stored !== null) {
      storage.setItem(LIST_VIEW_STORAGE_KEY, stored);
    }
    expect(getListView(storage)).toBe(view);
  });

  it('round-trips', () => {
    setListView(storage, 'list');
    expect(getListView(storage)).toBe('list');
  });
});
