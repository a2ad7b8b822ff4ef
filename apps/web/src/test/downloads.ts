import { vi } from 'vitest';

/** The file names the page saves (api/download.ts saveBlob), in order; the spies end with the test (setup.ts). */
export function catchDownloads(): string[] {
  const saved: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
  URL.createObjectURL = vi.fn(() => 'blob:download');
  URL.revokeObjectURL = vi.fn();
  return saved;
}
