import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, SAMPLE_SCREENING_LIST } from './config.ts';

// Sanctions screening's list and the retention period (README configuration table, decisions 0116 and 0117).
describe('screening and retention configuration', () => {
  it('screens against the synthetic sample outside production and against nothing in production unless a list is named', () => {
    expect(loadConfig({}).screening.listPath).toBe(SAMPLE_SCREENING_LIST);
    expect(loadConfig({ APP_ENV: 'staging' }).screening.listPath).toBe(SAMPLE_SCREENING_LIST);
    expect(SAMPLE_SCREENING_LIST.endsWith(path.join('server', 'modules', 'screening', 'sample', 'eu-sanctions-sample.xml'))).toBe(true);
    expect(loadConfig({ APP_ENV: 'production' }).screening.listPath).toBeNull();
    expect(loadConfig({ APP_ENV: 'production', SCREENING_LIST_PATH: 'lists/eu.xml' }).screening.listPath).toBe(path.resolve('lists/eu.xml'));
    expect(loadConfig({ SCREENING_LIST_PATH: 'none' }).screening.listPath).toBeNull();
  });

  it('keeps records six years by default and refuses a period that is not a whole number of years from 1 to 100', () => {
    expect(loadConfig({}).retentionYears).toBe(6);
    expect(loadConfig({ RETENTION_YEARS: '10' }).retentionYears).toBe(10);
    for (const [value, message] of [
      ['0', 'RETENTION_YEARS="0" must be at least 1'],
      ['101', 'RETENTION_YEARS="101" must be at most 100'],
      ['5.5', 'RETENTION_YEARS="5.5" must be a whole number'],
      ['six', 'RETENTION_YEARS="six" must be a number of years'],
    ] as const) {
      expect(() => loadConfig({ RETENTION_YEARS: value }), value).toThrow(ConfigError);
      expect(() => loadConfig({ RETENTION_YEARS: value }), value).toThrow(message);
    }
  });
});
