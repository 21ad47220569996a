// ctx.scheduler for the app and every component: a job is a `_scheduled_functions` document in
// the scheduling component's database, written in the scheduling transaction, and runs on the
// server's own timer. Jobs survive restarts. A job may target another component (a function
// handle into the app, or a child component's function); that target is kept beside the job.
import { clearTimeout, setTimeout } from "node:timers";
import { convexToJson, jsonToConvex, type JSONValue, type Value } from "convex/values";
import { canonicalUdfPath } from "./build.js";
import { type EngineCore, type FunctionKind, resolveFunctionAddress, type RunTarget } from "./engine-core.js";
import { tableNameFromId } from "./internals.js";
import { runOutside } from "./run-context.js";

const MAX_TIMER_MS = 2 ** 31 - 1;

interface JobKey {
  owner: string;
  jobId: string;
}

const keyOf = ({ owner, jobId }: JobKey) => `${owner}\u0000${jobId}`;

function kindOfFunction(fn: { isQuery?: boolean; isMutation?: boolean; isAction?: boolean }): FunctionKind | null {
  if (fn.isMutation) return "mutation";
  if (fn.isAction) return "action";
  if (fn.isQuery) return "query";
  return null;
}

export class JobScheduler {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** Jobs whose function lives in another component than the job: key → target component. */
  private readonly targets = new Map<string, string>();
  private stopped = false;

  constructor(private readonly core: EngineCore) {}

  /** Cross-component job targets, for the snapshot. */
  exportTargets(): Record<string, string> {
    return Object.fromEntries(this.targets);
  }

  importTargets(targets: Record<string, string> | undefined): void {
    for (const [key, path] of Object.entries(targets ?? {})) this.targets.set(key, path);
  }

  /** The `1.0/schedule` syscall: record the job in this transaction, run it on our own timer. */
  schedule(args: Record<string, unknown>): string {
    const owner = this.core.currentComponentPath();
    const target = resolveFunctionAddress(
      { name: args.name as string | undefined, functionHandle: args.functionHandle as string | undefined, reference: args.reference as string | undefined },
      owner,
    );
    if (!target) throw new Error(`Cannot schedule ${JSON.stringify(args.reference ?? args.functionHandle ?? args.name)}`);
    const scheduledTime = Number(args.ts) * 1000;
    const jobId = this.core.dbOf(owner).insert("_scheduled_functions", {
      args: [jsonToConvex(args.args as JSONValue)],
      name: canonicalUdfPath(target.udfPath),
      scheduledTime,
      state: { kind: "pending" },
    });
    const key: JobKey = { owner, jobId };
    if (target.componentPath !== owner) this.targets.set(keyOf(key), target.componentPath);
    this.arm(key, scheduledTime);
    return JSON.stringify(convexToJson(jobId));
  }

  private arm(key: JobKey, atMs: number): void {
    if (this.stopped) return;
    runOutside(() => {
      const k = keyOf(key);
      const existing = this.timers.get(k);
      if (existing) clearTimeout(existing);
      const delay = Math.min(Math.max(0, atMs - Date.now()), MAX_TIMER_MS);
      this.timers.set(
        k,
        setTimeout(() => {
          this.timers.delete(k);
          if (Date.now() < atMs) this.arm(key, atMs);
          else void this.runJob(key);
        }, delay),
      );
    });
  }

  /** After a restart: re-arm pending jobs; an action interrupted mid-run is marked failed. */
  async restore(): Promise<number> {
    let restored = 0;
    for (const owner of this.core.componentPaths()) {
      const db = this.core.dbOf(owner);
      for (const [jobId, doc] of Object.entries(db._documents)) {
        if (tableNameFromId(jobId) !== "_scheduled_functions") continue;
        const state = (doc.state as { kind?: string } | undefined)?.kind;
        const key = { owner, jobId };
        if (state === "inProgress") {
          const fn = this.core.lookup(String(doc.name), this.targetOf(key).componentPath);
          const interruptedAction = !fn || Boolean(fn.isAction);
          await this.core.transact(() =>
            db.patch(
              "_scheduled_functions",
              jobId,
              interruptedAction
                ? { state: { kind: "failed", error: "Transient error: the backend restarted while this ran" }, completedTime: Date.now() }
                : { state: { kind: "pending" } },
            ),
          );
          if (interruptedAction) continue;
        } else if (state !== "pending") {
          continue;
        }
        this.arm(key, Number(doc.scheduledTime));
        restored += 1;
      }
    }
    return restored;
  }

  private targetOf(key: JobKey, udfPath = ""): RunTarget {
    return { componentPath: this.targets.get(keyOf(key)) ?? key.owner, udfPath };
  }

  private async runJob(key: JobKey): Promise<void> {
    if (this.stopped) return;
    const db = this.core.dbOf(key.owner);
    const job = await this.core.transact(() => {
      const doc = db.get("_scheduled_functions", key.jobId);
      if (!doc || (doc.state as { kind: string }).kind !== "pending") return null;
      db.patch("_scheduled_functions", key.jobId, { state: { kind: "inProgress" } });
      return { name: String(doc.name), args: ((doc.args as Value[])[0] ?? {}) as Record<string, Value> };
    });
    if (!job || this.stopped) return;
    const target = this.targetOf(key, job.name);
    const fn = this.core.lookup(job.name, target.componentPath);
    const kind = fn ? kindOfFunction(fn) : null;
    // Scheduled functions run without the scheduler's identity, like on Convex.
    const outcome = kind
      ? await this.core.runFunction(kind, target, job.args)
      : { ok: false, errorMessage: `Could not find function for '${job.name}'` };
    if (this.stopped) return;
    await this.core.transact(() => {
      const doc = db.get("_scheduled_functions", key.jobId);
      if (!doc || (doc.state as { kind: string }).kind !== "inProgress") return null;
      db.patch(
        "_scheduled_functions",
        key.jobId,
        outcome.ok
          ? { state: { kind: "success" }, completedTime: Date.now() }
          : { state: { kind: "failed", error: outcome.errorMessage }, completedTime: Date.now() },
      );
      return null;
    });
    this.targets.delete(keyOf(key));
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
