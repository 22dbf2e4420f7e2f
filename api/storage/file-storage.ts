/** Where uploaded files live: PostgreSQL or an S3 bucket, shared by every process, or a folder of one process (FILE_STORAGE). */
export interface FileStorage {
  /** Stores the file whole: a reader never finds a part of it, nor a crash leaves one under its key. */
  put(key: string, bytes: Buffer): Promise<void>;
  /** The bytes, or null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the file; a file that is not there is no error. */
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** The key, unless it could leave its place (a `..`, an absolute path, odd characters). */
export function checkedKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe storage key: ${key}`);
  return key;
}
