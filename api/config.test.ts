import { describe, expect, it } from 'vitest';
import { configFromEnv, trustProxyFrom } from './config.ts';

describe('TRUST_PROXY', () => {
  it('trusts no proxy when unset: the client is whoever holds the connection', () => {
    expect(configFromEnv({}).trustProxy).toBe(false);
  });

  it.each([
    ['', false],
    ['false', false],
    ['true', true],
    ['127.0.0.1', ['127.0.0.1']],
    [' 10.0.0.1, 192.168.0.0/16 ,', ['10.0.0.1', '192.168.0.0/16']],
  ] as const)('reads %j as %j', (value, expected) => {
    expect(trustProxyFrom(value)).toEqual(expected);
  });

  it('refuses a hop count, which Fastify would ignore', () => {
    expect(() => trustProxyFrom('2')).toThrow(/hop count/);
  });
});
