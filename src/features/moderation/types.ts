// The desk's data, as convex/moderation.ts returns it.
import type { FunctionReturnType } from "convex/server";
import type { api } from "../../../convex/_generated/api";

export type CaseSummary = FunctionReturnType<typeof api.moderation.queue>["page"][number];
export type CaseDetail = NonNullable<FunctionReturnType<typeof api.moderation.caseDetail>>;
export type AuditEntry = FunctionReturnType<typeof api.moderation.log>["page"][number];
export type StaffMember = FunctionReturnType<typeof api.moderation.staff>[number];
