import { describe, expect, it } from 'vitest';
import { configFromEnv, fileStorageFrom, trustProxyFrom } from './config.ts';

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

describe('billing configuration', () => {
  it('is unconfigured by default: no key, no prices, billing on', () => {
    expect(configFromEnv({}).billing).toEqual({ off: false, stripeSecretKey: undefined, stripeWebhookSecret: undefined, prices: {}, stripeApi: undefined });
  });

  it('reads prices from STRIPE_PRICES, each STRIPE_PRICE_<PLAN>_<CYCLE> winning over it', () => {
    const billing = configFromEnv({
      STRIPE_PRICES: JSON.stringify({ starter: { monthly: 'price_json_sm', yearly: 'price_json_sy' }, gold: { monthly: 'price_ignored' } }),
      STRIPE_PRICE_STARTER_MONTHLY: 'price_env_sm',
      STRIPE_PRICE_ENTERPRISE_QUARTERLY: 'price_env_eq',
    }).billing;
    expect(billing.prices).toEqual({ starter: { monthly: 'price_env_sm', yearly: 'price_json_sy' }, enterprise: { quarterly: 'price_env_eq' } });
  });

  it('refuses STRIPE_PRICES that is not JSON', () => {
    expect(() => configFromEnv({ STRIPE_PRICES: '{starter' })).toThrow(/STRIPE_PRICES is not JSON/);
  });

  it('turns billing off with BILLING=off and points the SDK at STRIPE_API_URL', () => {
    const billing = configFromEnv({ BILLING: 'off', STRIPE_API_URL: 'http://127.0.0.1:12345' }).billing;
    expect(billing.off).toBe(true);
    expect(billing.stripeApi).toEqual({ host: '127.0.0.1', port: 12345, protocol: 'http' });
  });
});

describe('FILE_STORAGE', () => {
  it('keeps files in PostgreSQL when DATABASE_URL names a server, else in the folder', () => {
    expect(fileStorageFrom({ DATABASE_URL: 'postgres://db/timeledger' })).toBe('postgres');
    expect(fileStorageFrom({})).toBe('folder');
  });

  it('takes an explicit choice, and refuses one it does not know', () => {
    expect(fileStorageFrom({ DATABASE_URL: 'postgres://db/timeledger', FILE_STORAGE: 'folder' })).toBe('folder');
    expect(fileStorageFrom({ FILE_STORAGE: 'Postgres' })).toBe('postgres');
    expect(fileStorageFrom({ FILE_STORAGE: 'S3', S3_BUCKET: 'files' })).toBe('s3');
    expect(() => fileStorageFrom({ FILE_STORAGE: 'ftp' })).toThrow('FILE_STORAGE=ftp: expected one of folder, postgres, s3');
  });

  it('refuses FILE_STORAGE=s3 without S3_BUCKET at start-up, and reads the bucket settings with it', () => {
    expect(() => configFromEnv({ FILE_STORAGE: 's3' })).toThrow('FILE_STORAGE=s3 needs S3_BUCKET');
    expect(() => configFromEnv({ FILE_STORAGE: 's3', S3_BUCKET: '  ' })).toThrow('FILE_STORAGE=s3 needs S3_BUCKET');
    expect(configFromEnv({ FILE_STORAGE: 's3', S3_BUCKET: 'files' }).s3).toEqual({ bucket: 'files', region: 'us-east-1', endpoint: undefined, prefix: '' });
    expect(configFromEnv({ FILE_STORAGE: 's3', S3_BUCKET: 'files', S3_REGION: 'eu-central-1', S3_ENDPOINT: 'http://minio:9000', S3_PREFIX: '/timeledger/prod/' }).s3).toEqual({
      bucket: 'files',
      region: 'eu-central-1',
      endpoint: 'http://minio:9000',
      prefix: 'timeledger/prod',
    });
    expect(configFromEnv({ S3_BUCKET: 'files' }).s3).toBeUndefined();
  });
});
