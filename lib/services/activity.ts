// The activity log: services record who did what, when; dashboards read it as Recent Activity.
import type { Db, Tx } from "@/db/client";
import { activityEvents } from "@/db/schema";

export interface ActivityInput {
  tenantId: string;
  actorUserId: string | null;
  action: string;
  summary: string;
  subjectType?: string;
  subjectId?: string;
  metadata?: Record<string, unknown>;
}

export async function recordActivity(db: Db | Tx, input: ActivityInput): Promise<void> {
  await db.insert(activityEvents).values({
    tenantId: input.tenantId,
    actorUserId: input.actorUserId,
    action: input.action,
    summary: input.summary,
    subjectType: input.subjectType,
    subjectId: input.subjectId,
    metadata: input.metadata ?? {},
  });
}
