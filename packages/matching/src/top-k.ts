/**
 * Returns the `k` items with the highest scores, best first, without sorting everything: a size-k
 * min-heap, so picking 32 of 5,000 touched answers stays cheap.
 */
export function selectTopK(items: readonly number[], scores: Float64Array, k: number): number[] {
  if (k <= 0) {
    return [];
  }
  const heap: number[] = [];
  const isLower = (a: number, b: number) =>
    scores[a]! < scores[b]! || (scores[a] === scores[b] && a > b);
  for (const item of items) {
    if (heap.length < k) {
      heap.push(item);
      siftUp(heap, heap.length - 1, isLower);
    } else if (isLower(heap[0]!, item)) {
      heap[0] = item;
      siftDown(heap, 0, isLower);
    }
  }
  return heap.sort((a, b) => (isLower(a, b) ? 1 : isLower(b, a) ? -1 : 0));
}

function siftUp(heap: number[], start: number, isLower: (a: number, b: number) => boolean): void {
  let child = start;
  while (child > 0) {
    const parent = (child - 1) >> 1;
    if (!isLower(heap[child]!, heap[parent]!)) {
      return;
    }
    [heap[child], heap[parent]] = [heap[parent]!, heap[child]!];
    child = parent;
  }
}

function siftDown(heap: number[], start: number, isLower: (a: number, b: number) => boolean): void {
  let parent = start;
  for (;;) {
    const left = parent * 2 + 1;
    const right = left + 1;
    let lowest = parent;
    if (left < heap.length && isLower(heap[left]!, heap[lowest]!)) {
      lowest = left;
    }
    if (right < heap.length && isLower(heap[right]!, heap[lowest]!)) {
      lowest = right;
    }
    if (lowest === parent) {
      return;
    }
    [heap[lowest], heap[parent]] = [heap[parent]!, heap[lowest]!];
    parent = lowest;
  }
}
