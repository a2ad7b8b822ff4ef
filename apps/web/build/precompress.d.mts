import type { Plugin } from 'vite';

/** Writes `.br` and `.gz` copies of the build's text files (see precompress.mjs). */
export function precompress(): Plugin;
export function precompressFile(path: string): Promise<void>;
