// Typed arrays grown by doubling (never shrunk), for the index's per-feature and per-slot columns
// and the posting pool's runs.

type Column =
  | Float64Array<ArrayBuffer>
  | Float32Array<ArrayBuffer>
  | Int32Array<ArrayBuffer>
  | Uint16Array<ArrayBuffer>
  | Uint8Array<ArrayBuffer>;

/** The array itself when it holds `size` already, else a copy at least twice as long (64 at least). */
function grow<T extends Column>(array: T, size: number, create: (length: number) => T): T {
  if (array.length >= size) {
    return array;
  }
  const grown = create(Math.max(size, array.length * 2, 64));
  grown.set(array);
  return grown;
}

const newFloat64 = (length: number) => new Float64Array(length);
const newFloat32 = (length: number) => new Float32Array(length);
const newInt32 = (length: number) => new Int32Array(length);
const newUint16 = (length: number) => new Uint16Array(length);
const newUint8 = (length: number) => new Uint8Array(length);

export function growFloat64(
  array: Float64Array<ArrayBuffer>,
  size: number,
): Float64Array<ArrayBuffer> {
  return grow(array, size, newFloat64);
}

export function growFloat32(
  array: Float32Array<ArrayBuffer>,
  size: number,
): Float32Array<ArrayBuffer> {
  return grow(array, size, newFloat32);
}

export function growInt32(array: Int32Array<ArrayBuffer>, size: number): Int32Array<ArrayBuffer> {
  return grow(array, size, newInt32);
}

export function growUint16(
  array: Uint16Array<ArrayBuffer>,
  size: number,
): Uint16Array<ArrayBuffer> {
  return grow(array, size, newUint16);
}

export function growUint8(array: Uint8Array<ArrayBuffer>, size: number): Uint8Array<ArrayBuffer> {
  return grow(array, size, newUint8);
}
