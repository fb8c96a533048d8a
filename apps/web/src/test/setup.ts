import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor give up after 1 s by default, which a loaded machine (CI beside other work)
// overran on screens that fetch and lazy-load; a longer wait bounds a hang and times nothing.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// jsdom lacks what Radix primitives measure and observe with.
class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= ResizeObserverStub;
for (const [name, stub] of [
  ['scrollIntoView', () => undefined],
  ['hasPointerCapture', () => false],
  ['releasePointerCapture', () => undefined],
] as const) {
  if (!(name in Element.prototype)) {
    Object.defineProperty(Element.prototype, name, { value: stub, configurable: true });
  }
}
