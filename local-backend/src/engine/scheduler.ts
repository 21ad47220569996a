// ctx.scheduler for the app and every component: a job is a `_scheduled_functions` document in
// the scheduling component's database, written in the scheduling transaction, and runs on the
// server's own timer. Jobs survive restarts. A job may target another component (a function
// handle into the app, or a child component's function); that target is kept beside the job.
import { clearTimeout, setTimeout } from "node:timers";
import { convexToJson, jsonToConvex, type JSONValue, type Value } from "convex/values";
import { type EngineCore, resolveFunctionAddress, type RunTarget } from "./engine-core.js";
import { callableKindOf, canonicalUdfPath } from "../core/functions.js";
import { runOutside, SilentAbort } from "./run-context.js";

const MAX_TIMER_MS = 2 ** 31 - 1;
const RETRY_AFTER_REFUSED_COMMIT_MS = 1000;
/** What Convex records for an action that was running when the backend stopped. */
export const TRANSIENT_ACTION_ERROR = "Transient error while executing action";

const stateOf = (doc: Record<string, unknown>) => (doc.state as { kind?: string } | undefined)?.kind;

interface JobKey {
  owner: string;
  jobId: string;
}

const keyOf = ({ owner, jobId }: JobKey) => `${owner}\u0000${jobId}`;

export class JobScheduler {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** Jobs whose function lives in another component than the job: key → target component. */
  private readonly targets = new Map<string, string>();
  /** Bumped whenever `targets` changes (the write-ahead log records them then). */
  targetsVersion = 0;
  private stopped = false;

  constructor(private readonly core: EngineCore) {}

  /** Cross-component job targets, for the snapshot. */
  exportTargets(): Record<string, string> {
    return Object.fromEntries(this.targets);
  }

  /** Restore (snapshot, then write-ahead log); a later full map replaces an earlier one. */
  importTargets(targets: Record<string, string> | undefined, replace = false): void {
    if (replace) this.targets.clear();
    for (const [key, path] of Object.entries(targets ?? {})) this.targets.set(key, path);
  }

  /** The `1.0/schedule` syscall: record the job in this transaction, run it on our own timer. */
  schedule(args: Record<string, unknown>): string {
    const owner = this.core.currentComponentPath();
    const target = resolveFunctionAddress(
      {
        name: args.name as string | undefined,
        functionHandle: args.functionHandle as string | undefined,
        reference: args.reference as string | undefined,
      },
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
    if (target.componentPath !== owner) {
      this.targets.set(keyOf(key), target.componentPath);
      this.targetsVersion += 1;
    }
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
          // A job step whose commit was refused (the write-ahead log could not be written, or
          // the backend is stopping) applied nothing: try the job again a little later (a retry
          // finds it as that step left it, and runs it only if it is still pending).
          else void this.runJob(key).catch(() => this.arm(key, Date.now() + RETRY_AFTER_REFUSED_COMMIT_MS));
        }, delay),
      );
    });
  }

  /**
   * After a restart, as Convex does: pending jobs are armed again; a job that was running when
   * the backend stopped is run again if it is a mutation (its writes and its completion commit
   * together, so it either ran or it did not), and marked failed if it is an action (actions
   * run at most once).
   */
  async restore(): Promise<number> {
    let restored = 0;
    for (const owner of this.core.componentPaths()) {
      const db = this.core.dbOf(owner);
      // A copy: restoring a job patches it.
      for (const doc of [...this.core.documentsOf(owner, "_scheduled_functions")]) {
        const jobId = doc._id;
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
                ? { state: { kind: "failed", error: TRANSIENT_ACTION_ERROR }, completedTime: Date.now() }
                : { state: { kind: "pending" } },
            ),
          );
          if (interruptedAction) {
            this.forgetTarget(key);
            continue;
          }
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

  private forgetTarget(key: JobKey): void {
    if (this.targets.delete(keyOf(key))) this.targetsVersion += 1;
  }

  private async runJob(key: JobKey): Promise<void> {
    if (this.stopped) return;
    const db = this.core.dbOf(key.owner);
    // Committed state only: another transaction may be open right now.
    const doc = db._documents[key.jobId];
    if (!doc || stateOf(doc) !== "pending") return;
    const name = String(doc.name);
    const args = ((doc.args as Value[])[0] ?? {}) as Record<string, Value>;
    const target = this.targetOf(key, name);
    const fn = this.core.lookup(name, target.componentPath);
    const kind = fn ? callableKindOf(fn) : null;
    let outcome: { ok: boolean; errorMessage?: string };
    if (kind === "action") {
      // Actions are not transactions: mark the job running first, so that a restart during the
      // run fails it instead of running it a second time.
      const started = await this.core.transact(() => {
        const current = db.get("_scheduled_functions", key.jobId);
        if (!current || stateOf(current) !== "pending") return false;
        db.patch("_scheduled_functions", key.jobId, { state: { kind: "inProgress" } });
        return true;
      });
      if (!started || this.stopped) return;
      // Its arguments come from a commit: an action acts on the world only once that is on disk.
      await this.core.whenDurable();
      // Scheduled functions run without the scheduler's identity, like on Convex.
      outcome = await this.core.runFunction(kind, target, args);
    } else if (kind) {
      // A mutation and its job's completion commit in one transaction (the job shows as
      // inProgress to the mutation itself), so it can never run twice, restart or not.
      let done = false;
      let notPending = false;
      outcome = await this.core.runFunction(kind, target, args, {
        begin: () => {
          const current = db.get("_scheduled_functions", key.jobId);
          if (!current || stateOf(current) !== "pending") notPending = true;
          else db.patch("_scheduled_functions", key.jobId, { state: { kind: "inProgress" } });
        },
        beforeCommit: () => {
          if (notPending) throw new SilentAbort("the scheduled job is no longer pending");
          db.patch("_scheduled_functions", key.jobId, { state: { kind: "success" }, completedTime: Date.now() });
        },
        committed: () => {
          done = true;
        },
      });
      if (done || notPending) {
        if (done) this.forgetTarget(key);
        return;
      }
    } else {
      outcome = { ok: false, errorMessage: `Could not find function for '${name}'` };
    }
    // A failed mutation wrote nothing; an action's end is recorded even while the backend stops,
    // as long as the snapshot is still being written.
    await this.core.transact(() => {
      const current = db.get("_scheduled_functions", key.jobId);
      const state = current ? stateOf(current) : null;
      if (state !== "pending" && state !== "inProgress") return null;
      db.patch(
        "_scheduled_functions",
        key.jobId,
        outcome.ok
          ? { state: { kind: "success" }, completedTime: Date.now() }
          : { state: { kind: "failed", error: outcome.errorMessage }, completedTime: Date.now() },
      );
      return null;
    });
    this.forgetTarget(key);
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
