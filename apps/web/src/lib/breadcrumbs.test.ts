import { describe, expect, it } from 'vitest';
import { buildBreadcrumbs, formatCrumbLabel } from './breadcrumbs.ts';

type Row = [label: string, link: string, isLink: boolean, isDisabled: boolean];

function summarise(pathname: string, overrides = {}): Row[] {
  return buildBreadcrumbs(pathname, overrides).map((crumb) => [
    crumb.label,
    crumb.link,
    crumb.isLink,
    crumb.isDisabled,
  ]);
}

describe('formatCrumbLabel', () => {
  it.each([
    ['storyfiles', 'StoryFiles'],
    ['storyfile', 'StoryFile'],
    ['storylines', 'StoryLines'],
    ['my_storyfile_list', 'My StoryFile List'],
    ['chat_logs', 'Chat Logs'],
    ['view_inky_states', 'View Inky States'],
    ['my_profile', 'My Profile'],
    ['topics', 'Topics'],
    ['a__b', 'A  B'],
  ])('%s -> %s', (segment, label) => {
    expect(formatCrumbLabel(segment)).toBe(label);
  });
});

describe('buildBreadcrumbs', () => {
  it.each<[string, Row[]]>([
    ['/', []],
    ['/dashboard', [['Welcome to Conversa Studio', '/dashboard', false, false]]],
    [
      '/dashboard/stats',
      [
        ['Welcome to Conversa Studio', '/dashboard', true, false],
        ['Stats', '/dashboard/stats', false, false],
      ],
    ],
    [
      '/topics/dashboard',
      [
        ['Topics', '/topics', true, false],
        ['Dashboard', '/topics/dashboard', false, false],
      ],
    ],
    ['/storyfiles', [['StoryFiles', '/storyfiles', false, false]]],
    [
      '/topics/templates',
      [
        ['Topics', '/topics', true, false],
        ['Templates', '/topics/templates', false, false],
      ],
    ],
    [
      '/training/chat_logs',
      [
        ['Training', '', false, true],
        ['Chat Logs', '/training/chat_logs', false, false],
      ],
    ],
    [
      '/account/my_profile',
      [
        ['Account', '', false, true],
        ['My Profile', '/account/my_profile', false, false],
      ],
    ],
    [
      '/analytics/storylines/weekly_report',
      [
        ['Analytics', '', false, true],
        ['StoryLines', '/analytics/storylines', true, false],
        ['Weekly Report', '/analytics/storylines/weekly_report', false, false],
      ],
    ],
    [
      '/storyfiles/[id]/edit',
      [
        ['StoryFiles', '/storyfiles', true, false],
        ['Edit', '/storyfiles/edit', false, false],
      ],
    ],
    ['/training', [['Training', '', false, true]]],
    ['/topics/?page=2#top', [['Topics', '/topics', false, false]]],
  ])('%s', (pathname, rows) => {
    expect(summarise(pathname)).toEqual(rows);
  });

  it('uses an override label as given and keeps the link built from the raw segments', () => {
    expect(
      summarise('/storyfiles/3f2a/record_video', { '3f2a': { label: 'my_first storyfile' } }),
    ).toEqual([
      ['StoryFiles', '/storyfiles', true, false],
      ['my_first storyfile', '/storyfiles/3f2a', true, false],
      ['Record Video', '/storyfiles/3f2a/record_video', false, false],
    ]);
  });

  it('uses an override link instead of the built one', () => {
    expect(summarise('/topics/builder', { topics: { link: '/topics/templates' } })).toEqual([
      ['Topics', '/topics/templates', true, false],
      ['Builder', '/topics/builder', false, false],
    ]);
  });

  it('ignores inherited object keys as overrides', () => {
    expect(summarise('/constructor')).toEqual([['Constructor', '/constructor', false, false]]);
  });

  it('decodes encoded segments in labels only', () => {
    expect(summarise('/topics/caf%C3%A9_menu')[1]).toEqual([
      'Café Menu',
      '/topics/caf%C3%A9_menu',
      false,
      false,
    ]);
  });
});
