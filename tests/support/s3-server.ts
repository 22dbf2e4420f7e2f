import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, vi } from 'vitest';
import type { S3Settings } from '../../api/config.ts';
import { s3ClientFor } from '../../api/storage/s3-storage.ts';

/**
 * A bucket on a real S3-compatible server (s3rver, the S3 HTTP API over a
 * folder) on loopback, for the tests of the file that calls this: made before
 * they run, removed after them. The SDK finds s3rver's credentials in the
 * environment, by its default chain, as it finds a deployment's.
 */
export function useS3Bucket(prefix = ''): S3Settings {
  const settings = {} as S3Settings;
  let server: S3rver;
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'timeledger-s3-'));
    server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
    const { port } = await server.run();
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'S3RVER');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'S3RVER');
    // The SDK's notice that its releases from 2027 need Node 22: nothing to do with the test.
    vi.stubEnv('AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED', 'true');
    Object.assign(settings, { bucket: 'timeledger-files', region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`, prefix } satisfies S3Settings);
    const client = await s3ClientFor(settings);
    await client.send(new CreateBucketCommand({ Bucket: settings.bucket }));
    client.destroy();
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await server?.close();
    await rm(directory, { recursive: true, force: true });
  });
  return settings;
}
