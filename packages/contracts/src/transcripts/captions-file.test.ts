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

  it('writes SubRip with commas', () => {
    expect(formatSrt(CUES)).toBe(
      '1\n00:00:01,000 --> 00:00:02,500\nFish & chips <3\n\n2\n01:02:03,004 --> 01:02:04,000\nAn hour later\n',
    );
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
