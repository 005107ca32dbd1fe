"use client";

// A slide's picture upload for the slide editor (slide-editor.tsx): checked against the limit that applies before it
// is sent, POST /presentations/upload-slide-image, and the slides in flight, told to the page so it can hold a save
// until the picture is stored.
import { useEffect, useRef, useState } from "react";
import { toast } from "@/components/ui/use-toast";
import { serverMessage } from "@/lib/errors/messages";
import { api } from "@/lib/http/client";
import { imageProblem, type EditorSlide, type ImageLimit } from "./editor-slides";

interface UploadAnswer {
  image_url: string;
  image_path: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Options {
  presentationId: string;
  imageLimit: ImageLimit;
  /** The slides as they are now (an upload finishes after the user may have typed on). */
  latest: { readonly current: EditorSlide[] };
  /** Stores the picture on its slide. */
  onStored: (key: string, image: { imagePath: string; imageUrl: string }) => void;
  onUploadingChange?: (uploading: boolean) => void;
}

export function useSlideImageUpload({ presentationId, imageLimit, latest, onStored, onUploadingChange }: Options) {
  const [uploading, setUploading] = useState<ReadonlySet<string>>(new Set());
  const anyUploading = uploading.size > 0;
  const uploadingChange = useRef(onUploadingChange);
  useEffect(() => {
    uploadingChange.current = onUploadingChange;
  });
  useEffect(() => {
    uploadingChange.current?.(anyUploading);
  }, [anyUploading]);

  async function upload(slide: EditorSlide, file: File) {
    const problem = imageProblem(file, imageLimit);
    if (problem) {
      toast({ title: "Invalid Image", description: problem, variant: "destructive" });
      return;
    }
    const form = new FormData();
    form.append("file", file);
    const number = latest.current.findIndex((entry) => entry.key === slide.key) + 1;
    if (number > 0) form.append("slide_number", String(number));
    if (UUID.test(presentationId)) form.append("presentation_id", presentationId);
    else {
      // No stored presentation yet: the editor says which limit applies (the import screen's placeholder too).
      if (presentationId) form.append("presentation_id", presentationId);
      form.append("method", imageLimit === "manual" ? "manual" : presentationId === "temp-presentation-id" ? "import_ppt" : "ai_template");
    }
    setUploading((current) => new Set(current).add(slide.key));
    try {
      const answer = await api.post<UploadAnswer>("/presentations/upload-slide-image", form);
      onStored(slide.key, { imagePath: answer.image_path, imageUrl: answer.image_url });
    } catch (error) {
      toast({ title: "Upload Failed", description: serverMessage(error) ?? "Failed to upload image to S3", variant: "destructive" });
    } finally {
      setUploading((current) => {
        const next = new Set(current);
        next.delete(slide.key);
        return next;
      });
    }
  }

  return { uploading, upload };
}
