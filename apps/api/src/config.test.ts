import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('defaults to the embedded database with demo data on port 3000', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: './data', seedDemo: true });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('seeds no demo data on PostgreSQL unless SEED_DEMO=1', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', SEED_DEMO: '1' }).seedDemo).toBe(true);
  });

  it('logs JSON unless stdout is a terminal, and LOG_FORMAT decides when set', () => {
    expect(loadConfig({}, { stdoutIsTerminal: false }).logFormat).toBe('json');
    expect(loadConfig({}, { stdoutIsTerminal: true }).logFormat).toBe('pretty');
    expect(loadConfig({ LOG_FORMAT: 'json' }, { stdoutIsTerminal: true }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }, { stdoutIsTerminal: false }).logFormat).toBe('pretty');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });

  it('names every bad value in one clear message', () => {
    const load = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://mail' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(
      /PORT: .*\n.*DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL\n.*SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
  });

  it('takes a list of addresses and CIDR ranges', () => {
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,fd00::/8,loopback' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses anything else, naming the variable', () => {
    for (const bad of ['true', '*', '10.0.0.0/33', '300.1.1.1', 'proxy.example.com', '10.0.0.1/8/1']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('webhook ingest and processing', () => {
  it('writes concurrent requests together within 2 ms, up to 1000 events, and processes 4 friends at a time by default', () => {
    expect(loadConfig({})).toMatchObject({
      WEBHOOK_GROUP_COMMIT_MS: 2,
      WEBHOOK_GROUP_COMMIT_MAX_EVENTS: 1000,
      WEBHOOK_PROCESS_CONCURRENCY: 4,
    });
    expect(
      loadConfig({
        WEBHOOK_GROUP_COMMIT_MS: '0',
        WEBHOOK_GROUP_COMMIT_MAX_EVENTS: '50',
        WEBHOOK_PROCESS_CONCURRENCY: '1',
      }),
    ).toMatchObject({
      WEBHOOK_GROUP_COMMIT_MS: 0,
      WEBHOOK_GROUP_COMMIT_MAX_EVENTS: 50,
      WEBHOOK_PROCESS_CONCURRENCY: 1,
    });
  });

  it('refuses values out of range, naming the variable', () => {
    expect(() => loadConfig({ WEBHOOK_GROUP_COMMIT_MS: '5000' })).toThrow(/WEBHOOK_GROUP_COMMIT_MS/);
    expect(() => loadConfig({ WEBHOOK_GROUP_COMMIT_MAX_EVENTS: '0' })).toThrow(/WEBHOOK_GROUP_COMMIT_MAX_EVENTS/);
    expect(() => loadConfig({ WEBHOOK_PROCESS_CONCURRENCY: 'many' })).toThrow(/WEBHOOK_PROCESS_CONCURRENCY/);
  });
});
