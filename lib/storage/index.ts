// Stored files behind one interface, with the driver chosen by STORAGE_DRIVER: local disk under DATA_DIR/files (the
// embedded default), an S3-compatible bucket, or uploadthing. The S3 and uploadthing SDKs load on first use, so the
// default setup never pays for them.
import path from "node:path";
import { env, type Env } from "@/lib/env";
import { createLocalDriver } from "./local";
import type { StorageDriver } from "./types";

export { contentDisposition } from "./content-disposition";
export {
  OBJECT_FOLDERS,
  contentTypeOfKey,
  isTenantId,
  newObjectKey,
  parseObjectKey,
  sanitizeExtension,
  type ObjectFolder,
  type ParsedObjectKey,
} from "./keys";
export { FileTooLarge, MAX_PRESIGN_SECONDS } from "./stream";
export type * from "./types";

/** A driver whose real implementation is imported when the first operation needs it. */
function lazyDriver(name: StorageDriver["name"], load: () => Promise<StorageDriver>): StorageDriver {
  let loading: Promise<StorageDriver> | undefined;
  const driver = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return {
    name,
    put: async (key, body, options) => (await driver()).put(key, body, options),
    get: async (key, range) => (await driver()).get(key, range),
    head: async (key) => (await driver()).head(key),
    delete: async (key) => (await driver()).delete(key),
    deletePrefix: async (tenantId) => (await driver()).deletePrefix(tenantId),
    presignedGetUrl: async (key, options) => (await driver()).presignedGetUrl(key, options),
  };
}

/** The driver a configuration asks for (lib/env.ts has already checked the variables it needs). */
export function createStorageDriver(config: Env): StorageDriver {
  switch (config.STORAGE_DRIVER) {
    case "local":
      return createLocalDriver({ root: path.resolve(config.DATA_DIR, "files") });
    case "s3":
      return lazyDriver("s3", async () =>
        (await import("./s3")).createS3Driver({
          bucket: config.S3_BUCKET!,
          region: config.S3_REGION,
          endpoint: config.S3_ENDPOINT,
          accessKeyId: config.S3_ACCESS_KEY_ID,
          secretAccessKey: config.S3_SECRET_ACCESS_KEY,
          forcePathStyle: config.S3_FORCE_PATH_STYLE,
        }),
      );
    case "uploadthing":
      return lazyDriver("uploadthing", async () =>
        (await import("./uploadthing")).createUploadthingDriver({
          token: config.UPLOADTHING_TOKEN!,
          apiUrl: config.UPLOADTHING_API_URL,
          ingestUrl: config.UPLOADTHING_INGEST_URL,
          ufsHost: config.UPLOADTHING_UFS_HOST,
          ufsAppIdLocation: config.UPLOADTHING_UFS_APP_ID_LOCATION,
        }),
      );
  }
}

let cached: StorageDriver | undefined;

/** The process's storage driver, made on first use from the configuration. One per process: the S3 client pools. */
export function storage(): StorageDriver {
  cached ??= createStorageDriver(env());
  return cached;
}
