"use client";

import { toast } from "@/components/ui/use-toast";
import { getErrorMessage } from "@/lib/errors/messages";

interface SaveOutcome {
  success: { title: string; description: string };
  failureTitle: string;
  /** Closes the dialog and reloads the list; runs only after a successful save. */
  onDone: () => void;
}

/** The admin dialogs' save: run the request, toast the outcome, and close and reload on success. */
export async function saveAndClose(save: () => Promise<unknown>, { success, failureTitle, onDone }: SaveOutcome): Promise<void> {
  try {
    await save();
    toast(success);
    onDone();
  } catch (error) {
    toast({ variant: "destructive", title: failureTitle, description: getErrorMessage(error) });
  }
}
