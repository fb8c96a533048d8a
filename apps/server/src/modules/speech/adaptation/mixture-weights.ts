import { readFile, writeFile } from 'node:fs/promises';

/**
 * sphinxtrain's `bw` reads an acoustic model's mixture weights as a Sphinx-3 float file
 * (`mixture_weights`); Debian's en-us model ships them only as pocketsphinx's 8-bit `sendump`.
 * This writes the one from the other, as sphinxtrain's own `sendump.py` does (that script is
 * Python 2 and needs numpy): each byte `v` is the weight `1.0001 ^ -(v << mixw_shift)`.
 */

/** The byte order mark of Sphinx-3 binary files, written in the machine's order. */
const BYTE_ORDER_MAGIC = 0x11223344;

interface Sendump {
  features: number;
  codewords: number;
  senones: number;
  /** `[feature][codeword][senone]` bytes, as stored. */
  bytes: Uint8Array;
  mixwShift: number;
}

/** Reads a `sendump` (little-endian, no cluster table: the en-us model's form). */
export function parseSendump(buffer: Buffer): Sendump {
  let offset = 0;
  const readInt = () => {
    const value = buffer.readUInt32LE(offset);
    offset += 4;
    return value;
  };
  const readString = () => {
    const length = readInt();
    if (length === 0) {
      return null;
    }
    const text = buffer.toString('latin1', offset, offset + length - 1);
    offset += length;
    return text;
  };
  readString(); // the title
  let features = 1;
  let mixwShift = 10;
  let clusters = 0;
  for (let header = readString(); header !== null; header = readString()) {
    const [name, value] = header.split(/\s+/);
    if (name === 'feature_count') {
      features = Number(value);
    } else if (name === 'mixw_shift') {
      mixwShift = Number(value);
    } else if (name === 'cluster_count') {
      clusters = Number(value);
    }
  }
  if (clusters !== 0) {
    throw new Error('A clustered sendump (cluster_count > 0) is not supported.');
  }
  const codewords = readInt();
  const senones = readInt();
  const size = features * codewords * senones;
  if (buffer.length - offset < size) {
    throw new Error(`The sendump is cut short: ${buffer.length - offset} of ${size} weights.`);
  }
  return { features, codewords, senones, mixwShift, bytes: buffer.subarray(offset, offset + size) };
}

/** Sphinx-3's binary header: `s3`, attributes, `endhdr` ending on a 4-byte boundary, the magic. */
function s3Header(): Buffer {
  let text = 's3\nversion 1.0\n';
  const misalignment = (text.length + 'endhdr\n'.length) % 4;
  text += `${' '.repeat(misalignment === 0 ? 0 : 4 - misalignment)}endhdr\n`;
  const magic = Buffer.alloc(4);
  magic.writeInt32LE(BYTE_ORDER_MAGIC);
  return Buffer.concat([Buffer.from(text, 'latin1'), magic]);
}

/** The mixture weights `[senone][feature][codeword]` as a Sphinx-3 `mixture_weights` file. */
export function mixtureWeightsFile(sendump: Sendump): Buffer {
  const { features, codewords, senones, bytes, mixwShift } = sendump;
  const sizes = Buffer.alloc(16);
  [senones, features, codewords, senones * features * codewords].forEach((value, index) =>
    sizes.writeUInt32LE(value, index * 4),
  );
  const weights = new Float32Array(senones * features * codewords);
  const logBase = Math.log(1.0001);
  for (let feature = 0; feature < features; feature += 1) {
    for (let codeword = 0; codeword < codewords; codeword += 1) {
      const row = (feature * codewords + codeword) * senones;
      for (let senone = 0; senone < senones; senone += 1) {
        weights[(senone * features + feature) * codewords + codeword] = Math.exp(
          -(bytes[row + senone]! << mixwShift) * logBase,
        );
      }
    }
  }
  return Buffer.concat([s3Header(), sizes, Buffer.from(weights.buffer)]);
}

/** Writes `mixture_weights` from the model's `sendump`. */
export async function writeMixtureWeights(sendumpFile: string, outFile: string): Promise<void> {
  await writeFile(outFile, mixtureWeightsFile(parseSendump(await readFile(sendumpFile))));
}
