import { describe, expect, it } from 'vitest';
import { readWebVttCueTexts } from './webvtt.ts';

describe('readWebVttCueTexts', () => {
  it('reads each cue of a file as ffmpeg writes it, with or without identifiers', () => {
    const vtt = [
      'WEBVTT',
      '',
      '00:00.000 --> 00:02.000',
      'I grew up by the sea',
      '',
      'second',
      '00:02.000 --> 00:04.500 align:start position:10%',
      'in Oshkosh,',
      'with my two brothers.',
      '',
    ].join('\n');
    expect(readWebVttCueTexts(vtt)).toEqual([
      'I grew up by the sea',
      'in Oshkosh, with my two brothers.',
    ]);
  });

  it('skips the header, NOTE, STYLE and REGION blocks, and takes CRLF, CR and a BOM', () => {
    const vtt = [
      '\uFEFFWEBVTT - interview',
      'Kind: captions',
      '',
      'NOTE made by hand',
      'over two lines',
      '',
      'STYLE',
      '::cue { color: yellow }',
      '',
      'REGION',
      'id:left width:40%',
      '',
      '00:00:01.000 --> 00:00:02.000',
      'Hello',
      '',
      '',
      '00:00:02.000 --> 00:00:03.000',
      'again',
    ].join('\r\n');
    expect(readWebVttCueTexts(vtt)).toEqual(['Hello', 'again']);
    expect(readWebVttCueTexts(vtt.replace(/\r\n/g, '\r'))).toEqual(['Hello', 'again']);
  });

  it('removes tags and timestamps and decodes character references', () => {
    const vtt = [
      'WEBVTT',
      '',
      '00:00.000 --> 00:05.000',
      '<v Ana Ruiz>We sold <i>cheese</i> &amp; <c.loud>butter</c><00:03.000> to Kraft&#39;s &lt;plant&gt;&nbsp;there &#x2014; &bogus;',
    ].join('\n');
    expect(readWebVttCueTexts(vtt)).toEqual([
      "We sold cheese & butter to Kraft's <plant> there — &bogus;",
    ]);
  });

  it('gives nothing for a file that is not WebVTT, and drops cues with no text', () => {
    expect(readWebVttCueTexts('1\n00:00:00,000 --> 00:00:01,000\nSubRip\n')).toEqual([]);
    expect(readWebVttCueTexts('WEBVTTX\n\n00:00.000 --> 00:01.000\nno\n')).toEqual([]);
    expect(readWebVttCueTexts('WEBVTT\n\n00:00.000 --> 00:01.000\n<i></i>\n')).toEqual([]);
    expect(readWebVttCueTexts('')).toEqual([]);
  });
});
