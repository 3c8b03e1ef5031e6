import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';

// Where sealed documents live (docs/decisions/0060-identity-documents.md): DATA_DIR/kyc/ by default (never under a
// public path: the HTTP server serves only the client build), or an S3-compatible bucket when KYC_S3_URL is set.
// Both only ever see ciphertext; the key never leaves this process.

export type DocumentStore = {
  put(key: string, sealed: Buffer): Promise<void>;
  /** null when there is no such object. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
};

const SAFE_KEY = /^[0-9a-f-]{36}$/;
const checked = (key: string) => {
  if (!SAFE_KEY.test(key)) throw new Error('Unexpected document storage key');
  return key;
};

/** Files under `root` (0700 folders, 0600 files), written to a temporary name and renamed so a reader never sees half a file. */
export function createDiskStore(root: string): DocumentStore {
  const fileOf = (key: string) => path.join(root, checked(key).slice(0, 2), `${key}.sealed`);
  return {
    async put(key, sealed) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      const temporary = `${file}.${process.pid}.tmp`;
      await writeFile(temporary, sealed, { mode: 0o600 });
      await rename(temporary, file);
    },
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}

/**
 * KYC_S3_URL: `https://ACCESS_KEY:SECRET@host[:port]/bucket[/prefix]?region=eu-west-1`, path-style addressing so any
 * S3-compatible service (AWS, MinIO, Ceph, R2…) works. Without credentials in the URL the SDK's own chain is used.
 */
export function parseS3Url(url: string): {
  endpoint: string;
  bucket: string;
  prefix: string;
  region: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
} {
  const parsed = new URL(url);
  const [bucket, ...rest] = parsed.pathname.split('/').filter(Boolean);
  if (!bucket) throw new Error('KYC_S3_URL must name a bucket: https://host/bucket');
  const credentials = parsed.username ? { accessKeyId: decodeURIComponent(parsed.username), secretAccessKey: decodeURIComponent(parsed.password) } : undefined;
  return {
    endpoint: `${parsed.protocol}//${parsed.host}`,
    bucket,
    prefix: rest.length > 0 ? `${rest.join('/')}/` : '',
    region: parsed.searchParams.get('region') ?? 'us-east-1',
    ...(credentials ? { credentials } : {}),
  };
}

export function createS3Store(url: string): DocumentStore & { client: S3Client } {
  const { endpoint, bucket, prefix, region, credentials } = parseS3Url(url);
  const client = new S3Client({
    endpoint,
    region,
    forcePathStyle: true,
    ...(credentials ? { credentials } : {}),
    // Checksums only where the API demands them: S3-compatible services differ in which they understand.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const objectKey = (key: string) => `${prefix}${checked(key)}.sealed`;
  return {
    client,
    async put(key, sealed) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: objectKey(key), Body: sealed, ContentType: 'application/octet-stream' }));
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        if (!answer.Body) return null;
        return Buffer.from(await answer.Body.transformToByteArray());
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
  };
}
