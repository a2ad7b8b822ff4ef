/**
 * The export scenario of bench:api: the CSV export of a range as the route serves it, against
 * the database's own dump of the same rows and columns in the same process (PostgreSQL:
 * `COPY (SELECT ...) TO STDOUT (FORMAT csv)`; SQLite, which has no COPY: the same SELECT read
 * with better-sqlite3 as raw arrays), and optionally the row-by-row export the fast one replaced.
 */
import { spawn } from 'node:child_process';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { RawQuery } from '@tagih/contract';
import type { AppDeps } from '@tagih/server/src/deps.ts';
import { copyStatement } from '@tagih/server/src/db/postgres-copy.ts';
import {
  prepareExport,
  type ExportPath,
} from '@tagih/server/src/modules/transactions/export/csv-export.ts';
import { csvColumns } from '@tagih/server/src/modules/transactions/export/export-stream.ts';
import type { ServerKind } from '@tagih/server/src/modules/transactions/kinds.ts';
import * as repo from '@tagih/server/src/modules/transactions/list/list-repo.ts';
import { parseListRequest } from '@tagih/server/src/modules/transactions/list/list-request.ts';
import { SYSTEM_AUDIT_CONTEXT } from '@tagih/server/src/shared/audit-context.ts';

export interface ExportRun {
  rows: number;
  /** Bytes produced (null where the database hands over values, not text). */
  bytes: number | null;
  seconds: number;
  /** Growth of the process's RSS, V8 heap and Buffer memory (arrayBuffers) over the run (peaks, sampled every 20 ms). */
  rssMb: number;
  heapMb: number;
  buffersMb: number;
}

const MB = 1024 * 1024;

async function measured(
  work: () => Promise<{ rows: number; bytes: number | null }>,
): Promise<ExportRun> {
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  let peakBuffers = before.arrayBuffers;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
    peakBuffers = Math.max(peakBuffers, m.arrayBuffers);
  }, 20);
  const started = performance.now();
  try {
    const { rows, bytes } = await work();
    return {
      rows,
      bytes,
      seconds: (performance.now() - started) / 1000,
      rssMb: (peakRss - before.rss) / MB,
      heapMb: (peakHeap - before.heapUsed) / MB,
      buffersMb: (peakBuffers - before.arrayBuffers) / MB,
    };
  } finally {
    clearInterval(sampler);
  }
}

/** node -e: GET argv[1] with token argv[2], count bytes and LF, print them as JSON. */
const COUNTING_CLIENT = `
  const [url, token] = process.argv.slice(1);
  require('node:http').get(url, { headers: { authentication: token } }, (res) => {
    let bytes = 0;
    let lines = 0;
    res.on('data', (chunk) => {
      bytes += chunk.length;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines += 1;
    });
    res.on('end', () => process.stdout.write(JSON.stringify({ status: res.statusCode, bytes, lines })));
  }).on('error', (error) => { console.error(error.message); process.exit(2); });
`;

/**
 * GET the export over HTTP from a client in a process of its own, which only counts bytes and
 * records (header excluded): this process's memory growth is then the server's alone.
 */
export function httpExport(url: string, token: string): Promise<ExportRun> {
  return measured(
    () =>
      new Promise((resolve, reject) => {
        const client = spawn(process.execPath, ['-e', COUNTING_CLIENT, url, token], {
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        let out = '';
        client.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
        client.on('error', reject);
        client.on('exit', (code) => {
          if (code !== 0) return reject(new Error(`the export client exited with ${code}`));
          const { status, bytes, lines } = JSON.parse(out) as {
            status: number;
            bytes: number;
            lines: number;
          };
          if (status !== 200) return reject(new Error(`export answered HTTP ${status}`));
          resolve({ rows: Math.max(lines - 1, 0), bytes });
        });
      }),
  );
}

/** The export generator itself, in this process (no HTTP): `rowByRow` is the path before COPY. */
export function inProcessExport(
  deps: AppDeps,
  kind: ServerKind,
  compId: number,
  raw: RawQuery,
  path: ExportPath,
): Promise<ExportRun> {
  return measured(async () => {
    let bytes = 0;
    let lines = 0;
    for await (const part of prepareExport(
      deps,
      parseListRequest(deps, kind, compId, raw),
      SYSTEM_AUDIT_CONTEXT,
      path,
    )) {
      const chunk = typeof part === 'string' ? Buffer.from(part) : part;
      bytes += chunk.length;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines += 1;
    }
    return { rows: Math.max(lines - 1, 0), bytes };
  });
}

/** The export's rows and columns, unformatted: the visible fields and the notification's status. */
function rawRowsQuery(deps: AppDeps, kind: ServerKind, compId: number, raw: RawQuery) {
  const fields = csvColumns(kind)
    .filter((c) => !c.derived)
    .map((c) => c.name);
  return repo
    .filteredRows(deps.db, parseListRequest(deps, kind, compId, raw))
    .select([...fields, 'notiStatus'].map((name) => sql.ref(name).as(name)))
    .orderBy(sql.ref('trctCreatedTime'), 'desc')
    .orderBy(sql.ref('trctId'), 'desc')
    .compile();
}

/** The database's own dump of the same rows and columns, on a connection of its own. */
export function databaseDump(
  url: string,
  deps: AppDeps,
  kind: ServerKind,
  compId: number,
  raw: RawQuery,
): Promise<ExportRun> {
  const select = rawRowsQuery(deps, kind, compId, raw);
  if (deps.dialect === 'postgres') {
    return measured(async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const copy = client.query(copyTo(copyStatement(select, 'FORMAT csv')));
        let bytes = 0;
        for await (const chunk of copy) bytes += (chunk as Buffer).length;
        return { rows: copy.rowCount, bytes };
      } finally {
        await client.end();
      }
    });
  }
  return measured(async () => {
    const file = new SQLite(url.slice('sqlite:'.length), { readonly: true });
    try {
      let rows = 0;
      for (const row of file
        .prepare(select.sql)
        .raw(true)
        .iterate(...select.parameters))
        if (row) rows += 1;
      return { rows, bytes: null };
    } finally {
      file.close();
    }
  });
}
