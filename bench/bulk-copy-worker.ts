/**
 * The generator's worker thread for PostgreSQL (bulk-copy-pg.ts): makes the synthetic rows and
 * encodes them as COPY text, one buffer per table and batch, while the main thread streams the
 * previous batch into PostgreSQL (two cores: this one builds rows, PostgreSQL stores them).
 * At most `ahead` batches wait unsent (a shared counter), so memory stays bounded.
 */
import { parentPort, workerData } from 'node:worker_threads';
import {
  BULK_TABLES,
  emitRows,
  NotificationGroupCounter,
  partItems,
  type BulkTable,
  type NotificationGroup,
  type GenerationCommon,
  type GenerationPart,
  type IdCounters,
  type Value,
} from './bulk-rows.ts';

export interface CopyWorkerInput {
  parts: GenerationPart[];
  common: GenerationCommon;
  firstIds: IdCounters;
  batchRows: number;
  /** Int32Array over a SharedArrayBuffer: [batches posted and not yet stored]. */
  pending: SharedArrayBuffer;
  ahead: number;
}

export type CopyWorkerMessage =
  | {
      kind: 'batch';
      rows: number;
      tables: { table: BulkTable; bytes: ArrayBuffer; length: number }[];
    }
  /** groups: the notification rows by rollup group (bulk-copy-pg.ts keeps the rollup itself). */
  | { kind: 'done'; rows: number; groups: NotificationGroup[] }
  | { kind: 'error'; message: string };

const SPECIAL = /[\\\n\r\t]/;
const SPECIALS = /[\\\n\r\t]/g;
const ESCAPED: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** One value in COPY's text format (\N for null; backslash, newline, CR and tab escaped). */
function field(v: Value): string {
  if (v === null) return '\\N';
  if (typeof v === 'number') return String(v);
  return SPECIAL.test(v) ? v.replace(SPECIALS, (c) => ESCAPED[c]!) : v;
}

/** A growing byte buffer of COPY lines (UTF-8). */
class LineBuffer {
  bytes: Buffer;
  length = 0;
  constructor(size: number) {
    this.bytes = Buffer.allocUnsafeSlow(size);
  }
  add(line: string): void {
    // A UTF-8 character takes at most 3 bytes per UTF-16 unit.
    if (this.length + line.length * 3 > this.bytes.length) {
      const grown = Buffer.allocUnsafeSlow(
        Math.max(this.bytes.length * 2, this.length + line.length * 3),
      );
      this.bytes.copy(grown, 0, 0, this.length);
      this.bytes = grown;
    }
    this.length += this.bytes.write(line, this.length);
  }
}

/** Bytes per row to start each table's buffer with (they grow when needed). */
const START_BYTES: Record<BulkTable, number> = {
  transactions: 220,
  transaction_va: 140,
  transaction_qr: 130,
  notifications: 140,
  notification_history: 900,
};

function run(input: CopyWorkerInput): void {
  const pending = new Int32Array(input.pending);
  const ids = { ...input.firstIds };
  let buffers = fresh();
  let inBatch = 0;
  let total = 0;
  const groups = new NotificationGroupCounter();
  const sink = {
    row(table: BulkTable, values: Value[]): void {
      if (table === 'notifications') groups.count(values);
      let line = field(values[0]!);
      for (let i = 1; i < values.length; i++) line += `\t${field(values[i]!)}`;
      buffers[table].add(`${line}\n`);
    },
  };

  function fresh(): Record<BulkTable, LineBuffer> {
    return Object.fromEntries(
      BULK_TABLES.map((t) => [t, new LineBuffer(START_BYTES[t] * input.batchRows)]),
    ) as Record<BulkTable, LineBuffer>;
  }
  function post(): void {
    if (inBatch === 0) return;
    for (let seen = Atomics.load(pending, 0); seen >= input.ahead; seen = Atomics.load(pending, 0))
      Atomics.wait(pending, 0, seen, 1000);
    Atomics.add(pending, 0, 1);
    const tables = BULK_TABLES.filter((t) => buffers[t].length > 0).map((t) => ({
      table: t,
      bytes: buffers[t].bytes.buffer as ArrayBuffer,
      length: buffers[t].length,
    }));
    const message: CopyWorkerMessage = { kind: 'batch', rows: inBatch, tables };
    parentPort!.postMessage(
      message,
      tables.map((t) => t.bytes),
    );
    total += inBatch;
    inBatch = 0;
    buffers = fresh();
  }

  for (const part of input.parts) {
    for (const item of partItems(part, input.common)) {
      emitRows(item, ids, sink);
      if (++inBatch === input.batchRows) post();
    }
  }
  post();
  parentPort!.postMessage({
    kind: 'done',
    rows: total,
    groups: [...groups.groups.values()],
  } satisfies CopyWorkerMessage);
}

try {
  run(workerData as CopyWorkerInput);
} catch (error) {
  parentPort!.postMessage({
    kind: 'error',
    message: error instanceof Error ? (error.stack ?? error.message) : String(error),
  } satisfies CopyWorkerMessage);
}
