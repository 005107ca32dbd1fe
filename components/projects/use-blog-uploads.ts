"use client";

// The blog form's uploads: its main document and its additional files, each sent to POST /files/upload as soon as
// it is chosen, with the spec's progress (0, 10, 100, -1). Files uploaded and not (yet) part of a blog are removed
// when taken out of the form, or when the form closes without creating the blog (DELETE /files refuses a file a
// blog uses).
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "@/components/ui/use-toast";
import { getErrorMessage } from "@/lib/errors/messages";
import { api } from "@/lib/http/client";
import { UPLOAD_MESSAGES, isSourceFileName } from "@/lib/validation/content-rules";

/** Upload progress as the spec counts it: 0 initial, 10 while uploading, 100 done, -1 failed. */
export type Progress = 0 | 10 | 100 | -1;

export interface Upload {
  id: string;
  name: string;
  progress: Progress;
  /** The storage key (s3_path) the upload call answered. */
  key?: string;
  error?: string;
}

interface UploadAnswer {
  s3_path: string;
  filename: string;
  size: number;
  content_type: string;
}

type Folder = "maintext" | "sourcefile";

/** POST /files/upload (multipart: file, folder): the stored file's key, or the server's reason. */
async function uploadFile(file: File, folder: Folder): Promise<UploadAnswer> {
  const body = new FormData();
  body.append("file", file);
  body.append("folder", folder);
  return api.post<UploadAnswer>("/files/upload", body);
}

/** Files that are not .pdf or .docx are refused before any upload, with the spec's texts. */
function acceptedFiles(files: File[]): File[] {
  const refused = files.filter((file) => !isSourceFileName(file.name));
  if (refused.length > 0) {
    toast({ variant: "destructive", title: UPLOAD_MESSAGES.invalidTypeTitle, description: UPLOAD_MESSAGES.invalidType(refused.map((file) => file.name)) });
  }
  return files.filter((file) => isSourceFileName(file.name));
}

const removeStored = (key: string) => api.delete(`/files?path=${encodeURIComponent(key)}`).catch(() => undefined);

export function useBlogUploads() {
  const [mainUpload, setMainUpload] = useState<Upload | null>(null);
  const [extraUploads, setExtraUploads] = useState<Upload[]>([]);
  const unused = useRef(new Set<string>());
  const discard = useCallback((key: string | undefined) => {
    if (!key) return;
    unused.current.delete(key);
    void removeStored(key);
  }, []);
  useEffect(() => {
    const pending = unused.current;
    return () => {
      for (const key of pending) void removeStored(key);
    };
  }, []);

  async function upload(file: File, folder: Folder, update: (change: (upload: Upload) => Upload) => void) {
    update((current) => ({ ...current, progress: 10 }));
    try {
      const answer = await uploadFile(file, folder);
      unused.current.add(answer.s3_path);
      update((current) => ({ ...current, progress: 100, key: answer.s3_path }));
    } catch (failure) {
      update((current) => ({ ...current, progress: -1, error: getErrorMessage(failure) }));
    }
  }

  function chooseMain(files: File[]) {
    const [file] = acceptedFiles(files);
    if (!file) return;
    const entry: Upload = { id: `${Date.now()}-main`, name: file.name, progress: 0 };
    discard(mainUpload?.key);
    setMainUpload(entry);
    void upload(file, "maintext", (change) => setMainUpload((current) => (current && current.id === entry.id ? change(current) : current)));
  }

  function chooseExtra(files: File[]) {
    const entries = acceptedFiles(files).map((file, index) => ({ file, entry: { id: `${Date.now()}-${index}`, name: file.name, progress: 0 as Progress } }));
    setExtraUploads((current) => [...current, ...entries.map(({ entry }) => entry)]);
    for (const { file, entry } of entries) {
      void upload(file, "sourcefile", (change) => setExtraUploads((current) => current.map((item) => (item.id === entry.id ? change(item) : item))));
    }
  }

  function removeMain() {
    discard(mainUpload?.key);
    setMainUpload(null);
  }

  function removeExtra(removed: Upload) {
    discard(removed.key);
    setExtraUploads((current) => current.filter((item) => item.id !== removed.id));
  }

  /** The blog was created: what it took is its now; an upload it did not take (a file replaced by a web page) goes. */
  const settle = useCallback(
    (taken: ReadonlySet<string | null>) => {
      for (const key of [...unused.current]) if (!taken.has(key)) discard(key);
      unused.current.clear();
    },
    [discard],
  );

  const uploads = [...(mainUpload ? [mainUpload] : []), ...extraUploads];
  return {
    mainUpload,
    extraUploads,
    uploading: uploads.some((item) => item.progress === 10),
    failedUploads: uploads.filter((item) => item.progress === -1),
    chooseMain,
    chooseExtra,
    removeMain,
    removeExtra,
    settle,
  };
}
