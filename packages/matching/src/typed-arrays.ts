// Typed arrays grown by doubling (never shrunk), for the index's per-feature and per-slot columns.

/** The array itself when it holds `size` already, else a copy at least twice as long (64 at least). */
export function growFloat64(
  array: Float64Array<ArrayBuffer>,
  size: number,
): Float64Array<ArrayBuffer> {
  if (array.length >= size) {
    return array;
  }
  const grown = new Float64Array(Math.max(size, array.length * 2, 64));
  grown.set(array);
  return grown;
}

/** The array itself when it holds `size` already, else a copy at least twice as long (64 at least). */
export function growInt32(array: Int32Array<ArrayBuffer>, size: number): Int32Array<ArrayBuffer> {
  if (array.length >= size) {
    return array;
  }
  const grown = new Int32Array(Math.max(size, array.length * 2, 64));
  grown.set(array);
  return grown;
}

/** The array itself when it holds `size` already, else a copy at least twice as long (64 at least). */
export function growUint8(array: Uint8Array<ArrayBuffer>, size: number): Uint8Array<ArrayBuffer> {
  if (array.length >= size) {
    return array;
  }
  const grown = new Uint8Array(Math.max(size, array.length * 2, 64));
  grown.set(array);
  return grown;
}
