// A real S3-protocol server (the npm package s3rver) on a loopback port, with one bucket, for storage tests.
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}

type S3rverConstructor = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rverInstance;

// s3rver ships no type declarations; the two methods used here are typed above.
const S3rver = createRequire(import.meta.url)("s3rver") as S3rverConstructor;

export interface RunningS3rver {
  endpoint: string;
  bucket: string;
  /** Where s3rver keeps the bucket's files. */
  directory: string;
  /** Credentials s3rver accepts. */
  accessKeyId: string;
  secretAccessKey: string;
  close(): Promise<void>;
}

export async function startS3rver(bucket = "contract-bucket"): Promise<RunningS3rver> {
  const directory = mkdtempSync(path.join(tmpdir(), "s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    directory,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
