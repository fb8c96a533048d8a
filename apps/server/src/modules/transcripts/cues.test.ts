import { describe, expect, it } from 'vitest';
import { alignEditedCues } from './align.ts';
import { formatSrt, formatWebVtt, parseCaptionsFile } from '@conversa/contracts';
import { buildCues, CUE_MAX_MS, CUE_MAX_TEXT, joinCueTexts } from './cues.ts';

const word = (text: string, startMs: number, endMs: number) => ({
  text,
  startMs,
  endMs,
  confidence: 0.9,
});

describe('captions from timed words', () => {
  it('starts a new cue after a pause, a sentence end, two lines of text or seven seconds', () => {
    const cues = buildCues([
      word('i', 0, 200),
      word('grew', 210, 500),
      word('up', 510, 700),
      // a pause of 800 ms
      word('in', 1500, 1600),
      word('iowa.', 1610, 2000),
      word('we', 2010, 2200),
      word('farmed', 2210, 2600),
    ]);
    expect(cues).toEqual([
      { startMs: 0, endMs: 800, text: 'i grew up' },
      { startMs: 1500, endMs: 2010, text: 'in iowa.' },
      { startMs: 2010, endMs: 2810, text: 'we farmed' },
    ]);
    const long = buildCues(
      Array.from({ length: 60 }, (_, index) => word('word', index * 300, index * 300 + 250)),
    );
    for (const cue of long) {
      expect(cue.text.length).toBeLessThanOrEqual(CUE_MAX_TEXT);
      expect(cue.endMs - cue.startMs).toBeLessThanOrEqual(CUE_MAX_MS);
    }
    expect(joinCueTexts(long).split(' ')).toHaveLength(60);
    expect(buildCues([])).toEqual([]);
  });

  it('writes WebVTT and SubRip that read back to the same cues', () => {
    const cues = [
      { startMs: 0, endMs: 1500, text: 'Fish & chips <3' },
      { startMs: 3_723_004, endMs: 3_725_000, text: 'An hour in' },
    ];
    const vtt = formatWebVtt(cues);
    expect(vtt).toBe(
      'WEBVTT\n\n1\n00:00:00.000 --> 00:00:01.500\nFish &amp; chips &lt;3\n\n2\n01:02:03.004 --> 01:02:05.000\nAn hour in\n',
    );
    expect(parseCaptionsFile(vtt)).toEqual(cues);
    expect(parseCaptionsFile(formatSrt(cues))).toEqual(cues);
  });

  it('reads the WebVTT and SubRip that people upload: settings, tags, short times, CRLF, a BOM', () => {
    const vtt =
      '\uFEFFWEBVTT - made by hand\r\n\r\nNOTE a comment\r\n\r\nintro\r\n00:01.000 --> 00:02.500 align:start\r\n<v Ana>Hello</v> <i>there</i>\r\n\r\n00:03.000 --> 00:02.000\r\nends before it starts\r\n';
    expect(parseCaptionsFile(vtt)).toEqual([{ startMs: 1000, endMs: 2500, text: 'Hello there' }]);
    const srt = '1\n00:00:01,000 --> 00:00:02,000\n{\\an8}Line one\nline two\n';
    expect(parseCaptionsFile(srt)).toEqual([
      { startMs: 1000, endMs: 2000, text: 'Line one line two' },
    ]);
    expect(parseCaptionsFile('not captions at all')).toEqual([]);
  });
});

describe('re-timing edited captions', () => {
  const heard = [
    word('i', 1000, 1200),
    word('grew', 1210, 1500),
    word('up', 1510, 1700),
    word('on', 1710, 1800),
    word('a', 1810, 1850),
    word('form', 1860, 2200),
    word('in', 3000, 3100),
    word('highway', 3110, 3600),
  ];
  const previous = [
    { startMs: 1000, endMs: 2200, text: 'i grew up on a form' },
    { startMs: 3000, endMs: 3600, text: 'in highway' },
  ];

  it('gives a corrected word the time of the misheard one, so the cue keeps its time', () => {
    const aligned = alignEditedCues(
      [
        { startMs: 1000, endMs: 2200, text: 'I grew up on a farm' },
        // the author also typed the cue's start wrong: alignment puts it back
        { startMs: 2500, endMs: 3600, text: 'in Iowa' },
      ],
      previous,
      heard,
    );
    expect(aligned).toEqual([
      { startMs: 1000, endMs: 2200, text: 'I grew up on a farm' },
      { startMs: 3000, endMs: 3600, text: 'in Iowa' },
    ]);
  });

  it('places an added word between its neighbours and keeps unchanged cues as sent', () => {
    const aligned = alignEditedCues(
      [
        { startMs: 900, endMs: 2300, text: 'i grew up on a form' },
        { startMs: 3000, endMs: 3600, text: 'in sunny highway' },
      ],
      previous,
      heard,
    );
    expect(aligned[0]).toEqual({ startMs: 900, endMs: 2300, text: 'i grew up on a form' });
    expect(aligned[1]!.startMs).toBe(3000);
    expect(aligned[1]!.endMs).toBe(3600);
  });

  it('keeps the times as sent when nothing was heard', () => {
    const edited = [{ startMs: 0, endMs: 1000, text: 'typed by hand' }];
    expect(alignEditedCues(edited, [], [])).toEqual(edited);
  });
});
