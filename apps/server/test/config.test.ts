import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'sqlite:./data/tagih.db',
      adminUsername: 'admin',
      adminPassword: undefined,
      demoData: undefined,
      businessTz: 'Asia/Jakarta',
      sessionIdleMinutes: 15,
      sessionMaxHours: 12,
      exactCountLimit: 5_000,
      expiryIntervalMs: 60_000,
      liveStreamsPerUser: 5,
      demoBankKeysFile: undefined,
      demoTrafficPerMinute: 4,
    });
  });

  it('reads the demo traffic in bills per minute, or off', () => {
    expect(loadConfig({ DEMO_TRAFFIC: '12' }).demoTrafficPerMinute).toBe(12);
    expect(loadConfig({ DEMO_TRAFFIC: '0.5' }).demoTrafficPerMinute).toBe(0.5);
    expect(loadConfig({ DEMO_TRAFFIC: ' OFF ' }).demoTrafficPerMinute).toBeNull();
  });

  it('reads the bill expiry interval in seconds, or off', () => {
    expect(loadConfig({ EXPIRY_INTERVAL_SECONDS: '15' }).expiryIntervalMs).toBe(15_000);
    expect(loadConfig({ EXPIRY_INTERVAL_SECONDS: 'off' }).expiryIntervalMs).toBeNull();
  });

  it('reads values from the environment', () => {
    const c = loadConfig({
      PORT: '9000',
      DATABASE_URL: 'postgres://u@h/db',
      DEMO_DATA: 'false',
      BUSINESS_TZ: 'Asia/Makassar',
    });
    expect(c).toMatchObject({
      port: 9000,
      databaseUrl: 'postgres://u@h/db',
      demoData: false,
      businessTz: 'Asia/Makassar',
    });
    expect(loadConfig({ EXACT_COUNT_LIMIT: '50000' }).exactCountLimit).toBe(50_000);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ BUSINESS_TZ: 'Mars/Olympus' }, 'BUSINESS_TZ'],
    [{ SESSION_IDLE_MINUTES: '-1' }, 'SESSION_IDLE_MINUTES'],
    [{ DEMO_DATA: 'maybe' }, 'DEMO_DATA'],
    [{ ADMIN_PASSWORD: '123' }, 'ADMIN_PASSWORD'],
    // Below the largest page (100) a page could hold more rows than the count says.
    [{ EXACT_COUNT_LIMIT: '99' }, 'EXACT_COUNT_LIMIT'],
    [{ EXPIRY_INTERVAL_SECONDS: '0' }, 'EXPIRY_INTERVAL_SECONDS'],
    [{ EXPIRY_INTERVAL_SECONDS: 'soon' }, 'EXPIRY_INTERVAL_SECONDS'],
    [{ LIVE_STREAMS_PER_USER: '0' }, 'LIVE_STREAMS_PER_USER'],
    [{ DEMO_TRAFFIC: 'lots' }, 'DEMO_TRAFFIC'],
    [{ DEMO_TRAFFIC: '0' }, 'DEMO_TRAFFIC'],
    [{ DEMO_TRAFFIC: '601' }, 'DEMO_TRAFFIC'],
    [{ DEMO_TRAFFIC: '-4' }, 'DEMO_TRAFFIC'],
  ])('stops with a message naming the bad value %j', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(name));
  });
});
