import { describe, expect, it } from 'vitest';
import { formatSrt, formatWebVtt, parseCaptionsFile } from './captions-file.ts';
import type { CaptionCue } from './transcript.ts';

const CUES: CaptionCue[] = [
  { startMs: 1_000, endMs: 2_500, text: 'Fish & chips <3' },
  { startMs: 3_723_004, endMs: 3_724_000, text: 'An hour later' },
];

describe('captions files', () => {
  it('writes WebVTT with its header, dots and escaped text', () => {
    expect(formatWebVtt(CUES)).toBe(
      'WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.500\nFish &amp; chips &lt;3\n\n2\n01:02:03.004 --> 01:02:04.000\nAn hour later\n',
    );
  });

  // Issue 53, item 9: the SubRip writer escaped nothing, so `<i>` in a caption turned italic in a
  // player and a `-->` could read as a timing line.
  it('writes SubRip with commas and escaped text', () => {
    expect(formatSrt(CUES)).toBe(
      '1\n00:00:01,000 --> 00:00:02,500\nFish &amp; chips &lt;3\n\n2\n01:02:03,004 --> 01:02:04,000\nAn hour later\n',
    );
    expect(formatSrt([{ startMs: 0, endMs: 1_000, text: '<i>so</i> --> on' }])).toBe(
      '1\n00:00:00,000 --> 00:00:01,000\n&lt;i&gt;so&lt;/i&gt; --&gt; on\n',
    );
  });

  // Issue 53, item 9: a CR pair in a caption's text survived into the WebVTT as a blank line,
  // which ends the cue there; the rest of the text was lost to players.
  it.each([
    ['WebVTT', formatWebVtt],
    ['SubRip', formatSrt],
  ])('writes line ends of any kind as one line break in %s, never a blank line', (_, format) => {
    for (const text of [
      'first\r\rsecond',
      'first\r\n\r\nsecond',
      'first\r \n second',
      'first\rsecond',
    ]) {
      const file = format([{ startMs: 0, endMs: 1_000, text }]);
      expect(file).not.toMatch(/\r/);
      expect(
        file.trimEnd().endsWith('first\nsecond') || file.trimEnd().endsWith('first\n second'),
      ).toBe(true);
      expect(parseCaptionsFile(file)).toEqual([{ startMs: 0, endMs: 1_000, text: 'first second' }]);
    }
  });

  it.each([
    ['WebVTT', formatWebVtt],
    ['SubRip', formatSrt],
  ])('reads back the %s it writes', (_, format) => {
    expect(parseCaptionsFile(format(CUES))).toEqual(CUES);
  });

  it('skips notes, styles, settings and markup, and sorts by time', () => {
    const vtt = [
      'WEBVTT - my captions',
      '',
      'NOTE written by hand',
      '',
      'STYLE',
      '::cue { color: yellow }',
      '',
      '00:05.000 --> 00:06.000 align:start line:0',
      '<v Rose>Later</v>',
      '',
      'intro',
      '00:01.5 --> 00:02.000',
      'First &#8212; line',
      'second line',
    ].join('\r\n');
    expect(parseCaptionsFile(vtt)).toEqual([
      { startMs: 1_500, endMs: 2_000, text: 'First — line second line' },
      { startMs: 5_000, endMs: 6_000, text: 'Later' },
    ]);
  });

  it.each([
    ['plain text', 'just some words'],
    ['a caption ending before it starts', '1\n00:00:02,000 --> 00:00:01,000\nBackwards\n'],
    ['a caption without words', '1\n00:00:01,000 --> 00:00:02,000\n<i></i>\n'],
    ['an empty file', ''],
  ])('finds no caption in %s', (_, content) => {
    expect(parseCaptionsFile(content)).toEqual([]);
  });
});
