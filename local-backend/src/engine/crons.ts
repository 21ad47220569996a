// Cron jobs from convex/crons.ts (`cronJobs()`) and from every component's crons, run on the
// server's own timers while the backend is up. Schedules are UTC like on Convex; interval jobs first run one interval after
// (re)load. Runs are not recorded anywhere.
import { clearTimeout, setTimeout } from "node:timers";
import { jsonToConvex, type Value } from "convex/values";
import type { Engine } from "./engine.js";
import { callableKindOf, type CronSpec, type Schedule } from "../core/functions.js";
import type { Logger } from "./logger.js";
import { runOutside } from "./run-context.js";

const MINUTE = 60_000;
const DAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

/** Parse one field of a 5-field cron expression into the set of allowed values. */
function cronField(field: string, min: number, max: number): Set<number> | null {
  if (field === "*") return null;
  const values = new Set<number>();
  for (const part of field.split(",")) {
    const [range = "*", stepText] = part.split("/");
    const step = stepText ? Number(stepText) : 1;
    let [from, to] = range === "*" ? [min, max] : range.split("-").map(Number);
    from ??= min;
    to ??= stepText && !range.includes("-") ? max : from;
    if (![from, to, step].every(Number.isInteger) || step < 1) throw new Error(`Invalid cron field "${field}"`);
    for (let v = from; v <= to; v += step) values.add(v === 7 && max === 6 ? 0 : v);
  }
  return values;
}

function cronMatcher(expression: string): (d: Date) => boolean {
  const fields = expression.trim().split(/\s+/);
  const [minuteField, hourField, domField, monthField, dowField, ...extra] = fields;
  if (
    dowField === undefined ||
    minuteField === undefined ||
    hourField === undefined ||
    domField === undefined ||
    monthField === undefined ||
    extra.length > 0
  ) {
    throw new Error(`Invalid cron expression "${expression}" (expected 5 fields)`);
  }
  const [minute, hour, dom, month, dow] = [
    cronField(minuteField, 0, 59),
    cronField(hourField, 0, 23),
    cronField(domField, 1, 31),
    cronField(monthField, 1, 12),
    cronField(dowField, 0, 6),
  ];
  return (d) => {
    if (minute && !minute.has(d.getUTCMinutes())) return false;
    if (hour && !hour.has(d.getUTCHours())) return false;
    if (month && !month.has(d.getUTCMonth() + 1)) return false;
    const domOk = !dom || dom.has(d.getUTCDate());
    const dowOk = !dow || dow.has(d.getUTCDay());
    // Standard cron: when both day fields are restricted, either may match.
    return dom && dow ? domOk || dowOk : domOk && dowOk;
  };
}

/** The next time (ms) strictly after `after` at which the schedule fires. */
export function nextRun(schedule: Schedule, after: number): number {
  if (schedule.type === "interval") {
    const ms = ((schedule.hours ?? 0) * 3600 + (schedule.minutes ?? 0) * 60 + (schedule.seconds ?? 0)) * 1000;
    return after + Math.max(ms, 1000);
  }
  const matches =
    schedule.type === "cron"
      ? cronMatcher(schedule.cron)
      : (d: Date) => {
          if (d.getUTCMinutes() !== (schedule.minuteUTC ?? 0)) return false;
          if (schedule.type === "hourly") return true;
          if (d.getUTCHours() !== schedule.hourUTC) return false;
          if (schedule.type === "weekly") return DAYS[d.getUTCDay()] === schedule.dayOfWeek.toLowerCase();
          if (schedule.type === "monthly") return d.getUTCDate() === schedule.day;
          return true;
        };
  let t = Math.floor(after / MINUTE) * MINUTE + MINUTE;
  for (let i = 0; i < 366 * 24 * 60; i++, t += MINUTE) {
    if (matches(new Date(t))) return t;
  }
  throw new Error("The cron schedule never fires");
}

interface CronJob {
  componentPath: string;
  id: string;
  spec: CronSpec;
}

const label = (job: CronJob) => (job.componentPath ? `${job.componentPath}/${job.id}` : job.id);

export class CronRunner {
  private timers = new Map<string, NodeJS.Timeout>();
  private stopped = false;

  constructor(
    private readonly engine: Engine,
    private readonly logger: Logger,
  ) {}

  /** (Re)arm all jobs, e.g. after a reload: the app's and each component's ("" is the app). */
  setJobs(byComponent: Array<{ componentPath: string; crons: Record<string, CronSpec> }>): void {
    this.clear();
    for (const { componentPath, crons } of byComponent) {
      for (const [id, spec] of Object.entries(crons)) {
        const job = { componentPath, id, spec };
        try {
          this.arm(job, nextRun(spec.schedule, Date.now()));
        } catch (err) {
          this.logger.error(`cron "${label(job)}": ${(err as Error).message}`);
        }
      }
    }
  }

  private arm(job: CronJob, at: number): void {
    if (this.stopped) return;
    runOutside(() => {
      const timer = setTimeout(
        () => {
          if (Date.now() < at) return this.arm(job, at);
          this.arm(job, nextRun(job.spec.schedule, Date.now()));
          void this.runOnce(job);
        },
        Math.min(Math.max(0, at - Date.now()), 2 ** 31 - 1),
      );
      this.timers.set(label(job), timer);
    });
  }

  private async runOnce(job: CronJob): Promise<void> {
    const { componentPath, spec } = job;
    const fn = this.engine.lookup(spec.name, componentPath);
    const kind = fn && callableKindOf(fn);
    if (kind !== "mutation" && kind !== "action") {
      this.logger.error(`cron "${label(job)}": ${spec.name} is not a mutation or action`);
      return;
    }
    const args = (spec.args[0] === undefined ? {} : jsonToConvex(spec.args[0])) as Record<string, Value>;
    await this.engine.runFunction(kind, { componentPath, udfPath: spec.name }, args);
  }

  private clear(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  stop(): void {
    this.stopped = true;
    this.clear();
  }
}
