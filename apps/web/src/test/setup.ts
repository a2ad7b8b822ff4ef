import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy/waitFor wait up to 5 s, not 1 s: a debounced search (500 ms) plus typing in jsdom takes
// longer than 1 s on a loaded 2-core CI machine; a behaviour that never comes still fails.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no layout observers; the data grid and popovers only need them to exist.
class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= NoopResizeObserver as unknown as typeof ResizeObserver;

// Node's Request rejects jsdom's AbortSignal; the router builds one per navigation.
const NodeRequest = globalThis.Request;
globalThis.Request = class extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    const { signal: _ignored, ...rest } = init ?? {};
    super(input, rest);
  }
} as typeof Request;

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
