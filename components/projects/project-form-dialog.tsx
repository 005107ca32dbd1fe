"use client";

import Link from "next/link";
import { useActionState, useEffect, useRef } from "react";
import { createProjectAction, updateProjectAction } from "@/app/(app)/projects/actions";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { fieldAria, FormField } from "@/components/ui/form-field";
import { Input, inputClasses } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import type { ActionState } from "@/lib/http/action";
import { cn } from "@/lib/cn";
import { PROJECT_DESCRIPTION_MAX, PROJECT_NAME_MAX } from "@/lib/validation/content-rules";
import { actionErrorMessage, actionFieldErrors } from "./action-state";
import { InlineDialog } from "./inline-dialog";
import type { ProjectRow } from "./types";

interface ProjectFormDialogProps {
  /** The project being edited; none to create one. */
  project?: ProjectRow | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: (project: ProjectRow) => void;
}

/**
 * Create or edit a project (spec sections 2 and 5): a plain form posted to its server action, so it also works
 * before the page's JavaScript has loaded. Failures show the server's detail, else the spec's fallback text.
 */
export function ProjectFormDialog({ project, open, onOpenChange, onSaved }: ProjectFormDialogProps) {
  const editing = Boolean(project);
  return (
    <InlineDialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? "Edit Project" : "Create New Project"}
      description={editing ? "Change the project's name or description." : "Projects hold your blogs and their presentations."}
    >
      {/* Mounted only while open, so every opening starts from the project's current values. */}
      <ProjectForm key={project?.id ?? "new"} project={project ?? null} onCancel={() => onOpenChange(false)} onSaved={onSaved} />
    </InlineDialog>
  );
}

function ProjectForm({ project, onCancel, onSaved }: { project: ProjectRow | null; onCancel: () => void; onSaved: (project: ProjectRow) => void }) {
  const [state, submit, saving] = useActionState<ActionState<ProjectRow>, FormData>(project ? updateProjectAction : createProjectAction, null);
  const reported = useRef<ActionState<ProjectRow>>(null);

  useEffect(() => {
    if (!state || reported.current === state) return;
    reported.current = state;
    if (state.ok) {
      toast({ title: project ? "Project Updated" : "Project Created", description: `${state.result.name} was saved.` });
      onSaved(state.result);
      onCancel();
    } else {
      const fallback = project ? "Failed to update project" : "Failed to create project";
      toast({ variant: "destructive", title: "Error", description: state.detail ? actionErrorMessage(state.detail) : fallback });
    }
  }, [state, project, onSaved, onCancel]);

  if (state?.ok) {
    // Posted without JavaScript: the page came back with the answer. Say so, and offer the way on.
    return (
      <div className="flex flex-col gap-4">
        <Alert variant="success">{state.result.name} was saved.</Alert>
        <Link href={`/projects/${state.result.id}/blogs`} className={buttonClasses()}>
          Open Project
        </Link>
      </div>
    );
  }

  const errors = state && !state.ok ? actionFieldErrors(state.detail) : {};
  const sent = state && !state.ok ? state.fields : undefined;
  const value = (name: string, fallback: string) => {
    const submitted = sent?.[name];
    return typeof submitted === "string" ? submitted : fallback;
  };

  return (
    <form action={submit} className="flex flex-col gap-4" noValidate>
      {project ? <input type="hidden" name="id" value={project.id} /> : null}
      <FormField id="project-name" label="Project Name" error={errors.name}>
        <Input
          {...fieldAria("project-name", errors.name)}
          name="name"
          required
          maxLength={PROJECT_NAME_MAX}
          autoComplete="off"
          autoFocus
          defaultValue={value("name", project?.name ?? "")}
          placeholder="e.g. Spring Campaign"
        />
      </FormField>
      <FormField id="project-description" label="Description (optional)" error={errors.description}>
        <textarea
          {...fieldAria("project-description", errors.description)}
          name="description"
          rows={4}
          maxLength={PROJECT_DESCRIPTION_MAX}
          defaultValue={value("description", project?.description ?? "")}
          placeholder="What is this project about?"
          className={cn(inputClasses, "h-auto min-h-24 resize-y")}
        />
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {/* A link, so that without JavaScript it still leaves the form. */}
        <Link
          href="/projects"
          className={buttonClasses("outline")}
          onClick={(event) => {
            event.preventDefault();
            onCancel();
          }}
          aria-disabled={saving}
        >
          Cancel
        </Link>
        <Button type="submit" disabled={saving} aria-busy={saving}>
          {saving ? "Saving..." : project ? "Save Changes" : "Create Project"}
        </Button>
      </div>
    </form>
  );
}
