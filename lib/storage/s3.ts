// S3 driver for any S3-compatible bucket (AWS, MinIO, R2, Ceph; s3rver in tests). Writes stream through
// @aws-sdk/lib-storage's Upload: one PutObject for small files, multipart (5 MB parts, two in flight) for big ones,
// so memory stays bounded whatever the size; a refused write aborts the multipart upload.
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type GetObjectCommandOutput,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { RangeNotSatisfiable } from "@/lib/errors";
import { contentDisposition } from "./content-disposition";
import { assertObjectKey, isTenantId } from "./keys";
import { ByteMeter, checkPresignOptions, checkPutOptions, checkRange, parseContentRange } from "./stream";
import type { ByteRange, GetResult, HeadResult, PresignOptions, PutOptions, PutResult, StorageBody, StorageDriver } from "./types";

export interface S3DriverConfig {
  bucket: string;
  region: string;
  /** Any S3-compatible server; AWS when absent. */
  endpoint?: string;
  /** Both or neither: without them the SDK's default chain applies (instance role, AWS_* variables, profile). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** bucket in the path (http://host/bucket/key) rather than the host name; most self-hosted servers need it. */
  forcePathStyle: boolean;
}

export interface S3StorageDriver extends StorageDriver {
  readonly name: "s3";
  /** The driver's client, exposed so tests can watch the commands it sends. */
  readonly client: S3Client;
}

const PART_SIZE = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;
// DeleteObjects takes at most 1000 keys, and ListObjectsV2 pages hold at most 1000.
const DELETE_BATCH = 1000;

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

function nameOf(error: unknown): string | undefined {
  return (error as { name?: string } | null)?.name;
}

function isNotFound(error: unknown): boolean {
  const name = nameOf(error);
  return name === "NoSuchKey" || name === "NotFound" || statusOf(error) === 404;
}

function bodyStream(body: GetObjectCommandOutput["Body"]): Readable {
  if (body instanceof Readable) return body;
  if (body && "transformToWebStream" in body) {
    return Readable.fromWeb(body.transformToWebStream() as import("node:stream/web").ReadableStream<Uint8Array>);
  }
  throw new Error("S3 returned no readable body");
}

export function createS3Driver(config: S3DriverConfig): S3StorageDriver {
  const bucket = config.bucket;
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    // Checksums only where S3 demands them (DeleteObjects): the SDK's default adds CRC32 trailers to uploads and
    // x-amz-checksum parameters to presigned GETs, which several S3-compatible servers refuse. The SHA-256 of each
    // file is computed here while it streams and kept in the files table.
    requestChecksumCalculation: "WHEN_REQUIRED",
  });

  async function put(key: string, body: StorageBody, options: PutOptions): Promise<PutResult> {
    checkPutOptions(options);
    assertObjectKey(key);
    const meter = new ByteMeter(options.maxBytes);
    const upload = new Upload({
      client,
      params: { Bucket: bucket, Key: key, Body: meter, ContentType: options.contentType },
      partSize: PART_SIZE,
      queueSize: PARTS_IN_FLIGHT,
      leavePartsOnError: false,
    });
    let feedError: unknown;
    const feeding = pipeline(body, meter).catch((error: unknown) => {
      feedError = error;
    });
    try {
      await upload.done();
    } catch (error) {
      // Already destroyed: the limit or the source failed and the pipeline says which. Otherwise the upload itself
      // failed: end the feed too, so the source is released rather than left paused.
      const feedFailed = meter.destroyed;
      if (!feedFailed) meter.destroy();
      await feeding;
      throw meter.limitError ?? (feedFailed ? feedError : undefined) ?? error;
    }
    await feeding;
    if (feedError) throw feedError;
    return { size: meter.bytes, sha256: meter.sha256() };
  }

  async function head(key: string): Promise<HeadResult | null> {
    assertObjectKey(key);
    try {
      const output = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return { size: output.ContentLength ?? 0, contentType: output.ContentType, lastModified: output.LastModified };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async function get(key: string, range?: ByteRange): Promise<GetResult | null> {
    checkRange(range);
    assertObjectKey(key);
    let output: GetObjectCommandOutput;
    try {
      output = await client.send(
        new GetObjectCommand({ Bucket: bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
    } catch (error) {
      if (isNotFound(error)) return null;
      if (statusOf(error) === 416 || nameOf(error) === "InvalidRange") {
        const info = await head(key);
        if (!info) return null;
        throw new RangeNotSatisfiable(info.size);
      }
      throw error;
    }
    const body = bodyStream(output.Body);
    const partial = parseContentRange(output.ContentRange);
    const size = partial?.size ?? output.ContentLength ?? 0;
    return {
      body,
      size,
      range: partial?.range ?? { start: 0, end: size - 1 },
      contentType: output.ContentType,
      lastModified: output.LastModified,
    };
  }

  async function remove(key: string): Promise<void> {
    assertObjectKey(key);
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
  }

  async function deletePrefix(tenantId: string): Promise<void> {
    if (!isTenantId(tenantId)) throw new Error("deletePrefix: the tenant id must be a lowercase UUID");
    // Each page is deleted before the next is listed; the continuation token still walks on after the deleted keys.
    let continuationToken: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: `${tenantId}/`, MaxKeys: DELETE_BATCH, ContinuationToken: continuationToken }),
      );
      const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
      if (keys.length > 0) {
        const result = await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys, Quiet: true } }));
        if (result.Errors && result.Errors.length > 0) {
          const first = result.Errors[0]!;
          throw new Error(`S3 refused to delete ${result.Errors.length} object(s), first ${first.Key}: ${first.Code ?? "error"}`);
        }
      }
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
  }

  async function presignedGetUrl(key: string, options: PresignOptions): Promise<string | null> {
    assertObjectKey(key);
    checkPresignOptions(options);
    const command = new GetObjectCommand({
      Bucket: bucket,
      Key: key,
      ResponseContentDisposition: contentDisposition(options.inline ? "inline" : "attachment", options.downloadName),
    });
    return getSignedUrl(client, command, { expiresIn: options.expiresInSeconds });
  }

  return { name: "s3", client, put, get, head, delete: remove, deletePrefix, presignedGetUrl };
}
