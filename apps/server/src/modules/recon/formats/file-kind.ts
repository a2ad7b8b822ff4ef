/**
 * What a file is, from its first bytes, before any format reads it: text (MT940, CSV, TXT), an
 * XLSX workbook (a ZIP), or something no reader takes: UTF-16 text, an old Excel .xls, other
 * binary data. The refusals say what the file looked like and where, in the operator's Indonesian,
 * never a guess at a format.
 */
import { open } from 'node:fs/promises';
import { StatementRefusal } from './statement-events.ts';

export type FileKind = 'text' | 'xlsx';

const SNIFF_BYTES = 4096;

/** The first bytes of the file. */
export async function firstBytes(path: string, size = SNIFF_BYTES): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(size);
    const { bytesRead } = await file.read(buffer, 0, size, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

const startsWith = (bytes: Buffer, ...prefix: number[]) => prefix.every((b, i) => bytes[i] === b);

/** The 1-based line of byte `at`. */
const lineAt = (bytes: Buffer, at: number) =>
  bytes.subarray(0, at).filter((b) => b === 0x0a).length + 1;

const isPrintable = (b: number) =>
  b === 0x09 || b === 0x0a || b === 0x0d || (b >= 0x20 && b < 0x7f);

/** UTF-16 without a byte order mark: ASCII text whose every other byte is 0 (either byte order). */
function looksUtf16(bytes: Buffer): boolean {
  const sample = bytes.subarray(0, Math.min(bytes.length, 512) & ~1);
  if (sample.length < 4) return false;
  const half = sample.length / 2;
  return [0, 1].some((zeroAt) => {
    let zeros = 0;
    let printable = 0;
    for (let i = 0; i < sample.length; i += 2) {
      if (sample[i + zeroAt] === 0) zeros++;
      if (isPrintable(sample[i + 1 - zeroAt]!)) printable++;
    }
    return zeros > half * 0.7 && printable > half * 0.9;
  });
}

/** A byte no text statement holds: NUL and the C0 controls other than tab, line breaks, SOH and ^Z (host-to-host MT940 wrappers). */
const isBinaryByte = (b: number) =>
  b === 0 || (b < 0x20 && ![0x09, 0x0a, 0x0d, 0x01, 0x1a, 0x0c].includes(b));

/** Text or XLSX; a StatementRefusal for what cannot be read. */
export function fileKindOf(bytes: Buffer): FileKind {
  if (startsWith(bytes, 0x50, 0x4b, 0x03, 0x04)) return 'xlsx';
  if (startsWith(bytes, 0xff, 0xfe) || startsWith(bytes, 0xfe, 0xff) || looksUtf16(bytes)) {
    throw new StatementRefusal(
      1,
      'file ini teks UTF-16, bukan UTF-8: buka di Excel atau editor teks, simpan ulang sebagai "CSV UTF-8" (atau teks biasa untuk MT940), lalu impor lagi',
      'utf16',
    );
  }
  if (startsWith(bytes, 0xd0, 0xcf, 0x11, 0xe0)) {
    throw new StatementRefusal(
      1,
      'file ini Excel lama (.xls, biner), bukan XLSX, CSV atau MT940: simpan ulang sebagai .xlsx atau CSV, lalu impor lagi',
      'binary',
    );
  }
  if (startsWith(bytes, 0x25, 0x50, 0x44, 0x46)) {
    throw new StatementRefusal(
      1,
      'file ini PDF, bukan mutasi yang bisa dibaca (MT940, CSV, XLSX): unduh mutasi dari bank dalam format MT940, CSV atau Excel',
      'binary',
    );
  }
  const bad = bytes.findIndex(isBinaryByte);
  if (bad >= 0) {
    const hex = bytes
      .subarray(bad, bad + 4)
      .toString('hex')
      .replace(/(..)/g, '$1 ')
      .trim();
    throw new StatementRefusal(
      lineAt(bytes, bad),
      `file ini biner, bukan teks mutasi (MT940, CSV) atau XLSX: byte ${hex} di baris ini bukan teks. Unggah file mutasi asli dari bank`,
      'binary',
    );
  }
  return 'text';
}
