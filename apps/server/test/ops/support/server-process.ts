/**
 * The real server as a child process (`node src/main.ts`), its output kept line by line, for
 * what only a whole start shows: log lines, the banner, start-up failures, backups while serving.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const MAIN = fileURLToPath(new URL('../../../src/main.ts', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  stdout: string[];
  stderr: string[];
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
}

/** Root ignores file modes; dropping the DAC capabilities makes a read-only file read-only again. */
export function asUnprivileged(): string[] {
  return process.getuid?.() === 0
    ? ['setpriv', '--bounding-set', '-dac_override,-dac_read_search']
    : [];
}

export function startServer(env: Record<string, string>, wrap: string[] = []): ServerProcess {
  const [command, ...args] = [...wrap, process.execPath, MAIN];
  // A clean environment: only what the test sets (and PATH for setpriv), so nothing of the runner leaks in.
  const child = spawn(command!, args, {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stdout: string[] = [];
  const stderr: string[] = [];
  const collect = (into: string[]) => {
    let rest = '';
    return (chunk: Buffer) => {
      const parts = (rest + chunk.toString('utf8')).split('\n');
      rest = parts.pop() ?? '';
      into.push(...parts);
    };
  };
  child.stdout!.on('data', collect(stdout));
  child.stderr!.on('data', collect(stderr));
  // 'close', not 'exit': by then every line the process wrote has been read.
  const exited = new Promise<number | null>((resolve) =>
    child.on('close', (code) => resolve(code)),
  );
  return { child, stdout, stderr, exited };
}

/** The port the server listens on, from Fastify's "Server listening at" line. */
export async function listeningPort(server: ServerProcess, timeoutMs = 60_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const line of server.stdout) {
      const match = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(line);
      if (match) return Number(match[1]);
    }
    if (server.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the server did not start:\n${[...server.stdout, ...server.stderr].join('\n')}`);
}

/** Stops the server (SIGTERM) and waits for it; safe to call twice. */
export async function stopServer(server: ServerProcess | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  await server.exited;
}

/** Kills the server at once (SIGKILL: no shutdown, no cleanup, as a crash or an OOM kill) and waits for it; safe to call twice. */
export async function killServer(server: ServerProcess | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGKILL');
  await server.exited;
}

/** A loopback port nothing listens on (taken and released at once). */
export function unusedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
