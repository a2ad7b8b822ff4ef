import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';

describe('production settings', () => {
  it('has safe defaults for the database pool and no metrics token', () => {
    const c = loadConfig({});
    expect(c.dbPool).toEqual({
      size: 10,
      acquireTimeoutMs: 5000,
      statementTimeoutMs: 30_000,
      parallelWorkers: 0,
    });
    expect(c.metricsToken).toBeUndefined();
  });

  it('reads DB_POOL_SIZE, DB_ACQUIRE_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS (0 = no timeout), DB_PARALLEL_WORKERS and METRICS_TOKEN', () => {
    const c = loadConfig({
      DB_POOL_SIZE: '25',
      DB_ACQUIRE_TIMEOUT_MS: '2000',
      DB_STATEMENT_TIMEOUT_MS: '0',
      DB_PARALLEL_WORKERS: '2',
      METRICS_TOKEN: 'a-long-enough-token',
    });
    expect(c.dbPool).toEqual({
      size: 25,
      acquireTimeoutMs: 2000,
      statementTimeoutMs: 0,
      parallelWorkers: 2,
    });
    expect(c.metricsToken).toBe('a-long-enough-token');
  });

  it.each([
    [{ DB_POOL_SIZE: '0' }, 'DB_POOL_SIZE'],
    [{ DB_ACQUIRE_TIMEOUT_MS: 'soon' }, 'DB_ACQUIRE_TIMEOUT_MS'],
    [{ DB_STATEMENT_TIMEOUT_MS: '-1' }, 'DB_STATEMENT_TIMEOUT_MS'],
    [{ DB_PARALLEL_WORKERS: '-1' }, 'DB_PARALLEL_WORKERS'],
    [{ DB_PARALLEL_WORKERS: 'two' }, 'DB_PARALLEL_WORKERS'],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN'],
  ])('rejects %j naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });

  it('never echoes a secret it rejects', () => {
    for (const env of [
      { METRICS_TOKEN: 'tiny1' },
      { ADMIN_PASSWORD: 'pw1' },
      { DATABASE_URL: 'mysql://u:hunter2@h/db' },
    ]) {
      const value = Object.values(env)[0]!;
      expect(() => loadConfig(env)).toThrow('(hidden)');
      try {
        loadConfig(env);
      } catch (error) {
        expect((error as Error).message).not.toContain(value);
      }
    }
  });
});
