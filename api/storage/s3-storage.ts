import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from '../config.ts';
import { checkedKey, type FileStorage } from './file-storage.ts';

/**
 * The client for the bucket, with credentials from the SDK's default chain.
 * Another S3-compatible service (S3_ENDPOINT) is addressed path-style and is
 * sent checksums only where S3 requires them: many such services refuse the
 * ones the SDK adds by default.
 */
export async function s3ClientFor({ region, endpoint }: S3Settings): Promise<S3Client> {
  const { S3Client } = await sdk();
  return new S3Client({
    region,
    ...(endpoint && { endpoint, forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }),
  });
}

/** The SDK, loaded by the first process that uses a bucket: the others never pay for it. */
const sdk = () => import('@aws-sdk/client-s3');

/** S3 answers 404 for a missing key when the credentials may list the bucket (403 otherwise: see the README). */
function isMissing(error: unknown, NoSuchKey: typeof import('@aws-sdk/client-s3').NoSuchKey): boolean {
  return error instanceof NoSuchKey || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;
}

/**
 * Files in an S3-compatible bucket, so every API process and the worker read
 * the same ones. A file stored in the folder before (FILE_STORAGE was
 * 'folder') is still read from there until `npm run files:move` moves it.
 */
export function s3Storage(settings: S3Settings, earlierFolder?: FileStorage): FileStorage {
  let opened: Promise<S3Client> | undefined;
  const client = () => (opened ??= s3ClientFor(settings));
  const Bucket = settings.bucket;
  const objectKey = (key: string) => (settings.prefix ? `${settings.prefix}/${checkedKey(key)}` : checkedKey(key));
  return {
    async put(key, bytes) {
      // An object appears whole or not at all: S3 stores it only once every byte has arrived.
      const { PutObjectCommand } = await sdk();
      await (await client()).send(new PutObjectCommand({ Bucket, Key: objectKey(key), Body: bytes, ContentLength: bytes.length }));
    },
    async get(key) {
      const { GetObjectCommand, NoSuchKey } = await sdk();
      try {
        const object = await (await client()).send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        const bytes = (await object.Body?.transformToByteArray()) ?? new Uint8Array();
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (error) {
        if (isMissing(error, NoSuchKey)) return (await earlierFolder?.get(key)) ?? null;
        throw error;
      }
    },
    async delete(key) {
      const { DeleteObjectCommand } = await sdk();
      await (await client()).send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
      await earlierFolder?.delete(key);
    },
  };
}
