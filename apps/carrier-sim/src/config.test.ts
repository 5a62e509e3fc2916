import { describe, expect, it } from 'vitest';
import { loadSimConfig, SimConfigError } from './config.js';

function messageOf(env: Record<string, string>): string {
  try {
    loadSimConfig(env);
  } catch (error) {
    if (error instanceof SimConfigError) return error.message;
    throw error;
  }
  throw new Error('expected loadSimConfig to reject the environment');
}

describe('loadSimConfig', () => {
  it('defaults to port 3100 and 50-150 ms for every carrier', () => {
    const config = loadSimConfig({});
    expect(config.port).toBe(3100);
    expect(config.host).toBe('127.0.0.1');
    expect(Object.values(config.baseLatency)).toEqual(Array(4).fill({ minMs: 50, maxMs: 150 }));
  });

  it('reads one latency for all carriers and an override for one', () => {
    const config = loadSimConfig({ SIM_LATENCY_MS: '10-20', SIM_LATENCY_MS_BROADBAND_494: '400' });
    expect(config.baseLatency['broadband-494']).toEqual({ minMs: 400, maxMs: 400 });
    expect(config.baseLatency['mobile-27-36']).toEqual({ minMs: 10, maxMs: 20 });
  });

  it.each(['abc', '0', '70000'])('rejects SIM_PORT=%s naming the variable', (port) => {
    expect(messageOf({ SIM_PORT: port })).toContain('SIM_PORT');
  });

  it.each(['fast', '200-100', '-5', '999999'])('rejects SIM_LATENCY_MS=%s', (latency) => {
    expect(messageOf({ SIM_LATENCY_MS: latency })).toContain('SIM_LATENCY_MS');
  });
});
