/**
 * File uploads (multipart), for the routes that declare `config.upload`: the file goes to a
 * private temporary file as it arrives (never into memory), after the access guard has admitted
 * the request, and is deleted when the answer has been sent. Every other route takes no file
 * (app.ts: files 0). The route reads it with uploadedFile(request): never from the body, which a
 * client writes (a path in a JSON body must not name a file on the server).
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { AppError, Invalid } from '../shared/errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route takes one file (multipart) of at most maxBytes. */
    upload?: { maxBytes: number };
  }
}

export interface ReceivedFile {
  path: string;
  fileName: string | null;
  bytes: number;
}

const kept = new WeakMap<FastifyRequest, string[]>();
const received = new WeakMap<FastifyRequest, ReceivedFile>();

export const FILE_REQUIRED = 'file is required (multipart field "file")';

/** The file this request uploaded, or a 400. */
export function uploadedFile(request: FastifyRequest): ReceivedFile {
  const file = received.get(request);
  if (!file) throw new Invalid(FILE_REQUIRED, { file: FILE_REQUIRED });
  return file;
}

/** The multipart options of an upload route: one file of at most `maxBytes`. */
export const uploadConfig = (maxBytes: number) => ({
  upload: { maxBytes },
  multipartOptions: { limits: { files: 1, fileSize: maxBytes } },
});

/** @fastify/multipart's onFile: streams an upload route's file to disk; anything else is drained. */
export async function receiveFile(this: FastifyRequest, part: MultipartFile): Promise<void> {
  if (!this.routeOptions.config.upload || part.fieldname !== 'file') {
    await part.toBuffer();
    return;
  }
  await this.server.admitRequest(this);
  const path = join(tmpdir(), `tagih-upload-${randomBytes(12).toString('hex')}`);
  kept.set(this, [...(kept.get(this) ?? []), path]);
  let bytes = 0;
  part.file.on('data', (chunk: Buffer) => (bytes += chunk.length));
  await pipeline(part.file, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
  if (part.file.truncated)
    throw new AppError(
      413,
      `The file is larger than ${Math.floor(this.routeOptions.config.upload.maxBytes / 1024 / 1024)} MB.`,
    );
  received.set(this, { path, fileName: part.filename || null, bytes });
}

/** Deletes the request's temporary files once it is answered. */
export function registerUploadCleanup(app: FastifyInstance): void {
  app.addHook('onResponse', async (request) => {
    for (const path of kept.get(request) ?? []) await unlink(path).catch(() => {});
  });
}
