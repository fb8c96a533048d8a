import { open, type FileHandle } from 'node:fs/promises';

/** What processing reads back from the MP4 it wrote: its length and its picture's size. */
export interface Mp4Info {
  durationSeconds: number;
  /** The first video track's sample size (what ffprobe calls width and height); null if none. */
  video: { width: number; height: number } | null;
}

// A moov box of a 10-minute clip is a few hundred KB; more than this is not ours.
const MAX_MOOV_BYTES = 64 * 1024 * 1024;

interface Box {
  type: string;
  start: number;
  end: number;
}

/** The boxes of `data[start, end)`, by their headers (32-bit, 64-bit and to-the-end sizes). */
function readBoxes(data: Buffer, start: number, end: number): Box[] {
  const boxes: Box[] = [];
  let at = start;
  while (at + 8 <= end) {
    let size = data.readUInt32BE(at);
    const type = data.toString('latin1', at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      if (at + 16 > end) {
        break;
      }
      size = Number(data.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) {
      size = end - at;
    }
    if (size < header || at + size > end) {
      break;
    }
    boxes.push({ type, start: at + header, end: at + size });
    at += size;
  }
  return boxes;
}

/** Finds the top-level `moov` box by reading box headers only, and returns its body. */
async function readMoov(file: FileHandle): Promise<Buffer | null> {
  const { size: fileSize } = await file.stat();
  const header = Buffer.alloc(16);
  let at = 0;
  while (at + 8 <= fileSize) {
    const { bytesRead } = await file.read(header, 0, 16, at);
    if (bytesRead < 8) {
      return null;
    }
    let size = header.readUInt32BE(0);
    const type = header.toString('latin1', 4, 8);
    let headerSize = 8;
    if (size === 1) {
      size = Number(header.readBigUInt64BE(8));
      headerSize = 16;
    } else if (size === 0) {
      size = fileSize - at;
    }
    if (size < headerSize || at + size > fileSize) {
      return null;
    }
    if (type === 'moov') {
      const length = size - headerSize;
      if (length > MAX_MOOV_BYTES) {
        return null;
      }
      const body = Buffer.alloc(length);
      const read = await file.read(body, 0, length, at + headerSize);
      return read.bytesRead === length ? body : null;
    }
    at += size;
  }
  return null;
}

function findChild(data: Buffer, parent: Box, type: string): Box | undefined {
  return readBoxes(data, parent.start, parent.end).find((box) => box.type === type);
}

/** mvhd: version 0 has 32-bit times, version 1 64-bit; the timescale comes first either way. */
function readMovieDuration(data: Buffer, mvhd: Box): number | null {
  const version = data.readUInt8(mvhd.start);
  const timescale =
    version === 1 ? data.readUInt32BE(mvhd.start + 20) : data.readUInt32BE(mvhd.start + 12);
  const duration =
    version === 1
      ? Number(data.readBigUInt64BE(mvhd.start + 24))
      : data.readUInt32BE(mvhd.start + 16);
  return timescale > 0 ? duration / timescale : null;
}

/** A video track's first sample entry (avc1, hvc1, ...) carries its width and height. */
function readVideoSize(data: Buffer, trak: Box): Mp4Info['video'] {
  const mdia = findChild(data, trak, 'mdia');
  const hdlr = mdia && findChild(data, mdia, 'hdlr');
  // hdlr: version/flags (4), pre_defined (4), handler type (4).
  if (!mdia || !hdlr || data.toString('latin1', hdlr.start + 8, hdlr.start + 12) !== 'vide') {
    return null;
  }
  const minf = findChild(data, mdia, 'minf');
  const stbl = minf && findChild(data, minf, 'stbl');
  const stsd = stbl && findChild(data, stbl, 'stsd');
  // stsd: version/flags (4), entry count (4), then entries: size (4), format (4), reserved (6),
  // data reference index (2), pre_defined/reserved (16), width (2), height (2).
  if (!stsd || stsd.start + 8 + 36 > stsd.end || data.readUInt32BE(stsd.start + 4) < 1) {
    return null;
  }
  const entry = stsd.start + 8;
  const width = data.readUInt16BE(entry + 32);
  const height = data.readUInt16BE(entry + 34);
  return width > 0 && height > 0 ? { width, height } : null;
}

/**
 * Reads the duration and the video size of an MP4 from its `moov` box, in process: what the job
 * used to start a second ffprobe for (~80 ms idle, seconds on a loaded machine, mostly loading
 * libraries). Only a few KB are read: the box headers up to `moov`, then `moov` itself, which
 * fast start puts first. Null when the file is no MP4 this can read.
 */
export async function readMp4Info(file: string): Promise<Mp4Info | null> {
  const handle = await open(file, 'r');
  try {
    const moov = await readMoov(handle);
    if (!moov) {
      return null;
    }
    const root: Box = { type: 'moov', start: 0, end: moov.length };
    const children = readBoxes(moov, root.start, root.end);
    const mvhd = children.find((box) => box.type === 'mvhd');
    const durationSeconds =
      mvhd && mvhd.end - mvhd.start >= 32 ? readMovieDuration(moov, mvhd) : null;
    if (durationSeconds === null) {
      return null;
    }
    let video: Mp4Info['video'] = null;
    for (const trak of children.filter((box) => box.type === 'trak')) {
      video = readVideoSize(moov, trak);
      if (video) {
        break;
      }
    }
    return { durationSeconds, video };
  } catch (error) {
    // A box that claims more bytes than it has: not an MP4 this can read.
    if (error instanceof RangeError) {
      return null;
    }
    throw error;
  } finally {
    await handle.close();
  }
}
