// One WebSocket client session of the Convex sync protocol: query set, identity, mutations and
// actions. Messages are handled strictly in order (actions are started in order and answered
// when done). Every Transition starts from exactly the versions this client last received.
//
// A message that is not a valid client message (not JSON, `null`, wrong field types, a timestamp
// no backend can have given out) gets a FatalError and ends that connection only, as on Convex.
// A mutation is answered once per (session id, request id): when the client resends it after a
// dropped connection, the first run's outcome is sent again (src/engine/session-requests.ts).
import { convexToJson, jsonToConvex, type JSONValue, type Value } from "convex/values";
import type { WebSocket } from "ws";
import { AuthError, type AuthVerifier } from "./auth.js";
import type { Engine, Identity, Outcome } from "../engine/engine.js";
import type { Logger } from "../engine/logger.js";
import { encodeTs } from "./protocol.js";
import { type DocWrite, ReadSet, ReadSetIndex } from "../store/read-set.js";
import { runOutside } from "../engine/run-context.js";
import { type RequestRecord, requestKey } from "../engine/session-requests.js";
import { type AddQuery, type ClientMessage, parseClientMessage, ProtocolError } from "../core/sync-messages.js";

const MAX_PENDING_WRITES = 10_000;

export interface SyncDeps {
  engine: Engine;
  subscriptions: SubscriptionIndex;
  auth: AuthVerifier;
  adminKey: string;
  logger: Logger;
}

interface Subscription {
  session: SyncSession;
  queryId: number;
  udfPath: string;
  /** Decoded arguments, or why they could not be decoded. */
  args: DecodedArgs;
  argsJson: string;
  componentPath: string | undefined;
  journal: string | null;
  /** What its last run read (in the shared `SubscriptionIndex` once it has run). */
  reads: ReadSet;
  /** Key of the last result sent, to skip unchanged results. */
  lastSent: string | null;
  isNew: boolean;
}

type Modification =
  | { type: "QueryUpdated"; queryId: number; value: JSONValue; logLines: string[]; journal: string | null }
  | {
      type: "QueryFailed";
      queryId: number;
      errorMessage: string;
      errorData?: JSONValue;
      logLines: string[];
      journal: string | null;
    }
  | { type: "QueryRemoved"; queryId: number };

/** Every session's subscriptions by what they last read. */
export class SubscriptionIndex extends ReadSetIndex<Subscription> {
  /** Called synchronously with every commit: the subscriptions it touched will re-run. */
  committed(writes: readonly DocWrite[]): void {
    if (writes.length === 0) return;
    for (const sub of this.touchedBy(writes)) sub.session.markQueryDirty(sub.queryId);
  }
}

type DecodedArgs = { ok: true; value: Record<string, Value> } | { ok: false; error: string };

/** The first argument, decoded from Convex's JSON encoding (a failure is the call's error). */
function decodeArgs(args: JSONValue[]): DecodedArgs {
  const first = args[0];
  if (first === undefined) return { ok: true, value: {} };
  try {
    return { ok: true, value: jsonToConvex(first) as Record<string, Value> };
  } catch (err) {
    return { ok: false, error: `Invalid arguments: ${(err as Error).message}` };
  }
}

export class SyncSession {
  private querySetVersion = 0;
  private identityVersion = 0;
  private sentTs = 0n;
  private identity: Identity | null = null;
  private admin = false;
  private readonly subs = new Map<number, Subscription>();
  /** Subscriptions a commit touched since the last Transition. */
  private dirtySubs = new Set<number>();
  /** Documents written while subscriptions were being re-run (checked against their new reads). */
  private dirty: DocWrite[] = [];
  /** True while a Transition re-runs subscriptions: their read sets are about to change. */
  private evaluating = false;
  private dirtyAll = false;
  private refreshQueued = false;
  private queue: Promise<void> = Promise.resolve();
  /** From Connect: mutations are answered once per (session id, request id). */
  private sessionId: string | null = null;
  closed = false;

  constructor(
    private readonly ws: WebSocket,
    private readonly deps: SyncDeps,
    private readonly onClose: (session: SyncSession) => void,
  ) {
    ws.on("message", (data: Buffer, isBinary) => {
      try {
        if (isBinary) throw new ProtocolError("Unexpected binary message");
        this.onMessage(data.toString("utf8"));
      } catch (err) {
        // Nothing a client sends may take the process down.
        if (err instanceof ProtocolError) this.fatal(err.message);
        else {
          this.deps.logger.error(`sync session error: ${(err as Error).stack ?? String(err)}`);
          this.fatal("Internal error handling the message");
        }
      }
    });
    ws.on("close", () => {
      this.closed = true;
      this.unwatchAll();
      this.onClose(this);
    });
    ws.on("error", () => undefined);
  }

  send(message: object): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(JSON.stringify(message));
  }

  close(code = 1001, reason = "backend stopping"): void {
    this.closed = true;
    this.unwatchAll();
    this.ws.close(code, reason);
  }

  private unwatchAll(): void {
    for (const sub of this.subs.values()) this.deps.subscriptions.delete(sub.reads, sub);
  }

  /**
   * Wait until every commit so far is on disk: a mutation is acknowledged, and query results are
   * sent, only then. If the disk failed, the connection ends instead (the client retries once
   * the backend has been restarted).
   */
  private async durable(): Promise<boolean> {
    try {
      await this.deps.engine.whenDurable();
      return !this.closed;
    } catch (err) {
      this.deps.logger.error(`closing a sync connection: ${(err as Error).message}`);
      this.close(1011, "the backend cannot save to disk");
      return false;
    }
  }

  /** Tell the client why (it stops retrying, as with Convex's FatalError) and end this connection. */
  private fatal(error: string): void {
    if (this.closed) return;
    this.deps.logger.warn(`closing a sync connection: ${error}`);
    this.send({ type: "FatalError", error });
    // The reason is fixed: a close reason is limited to 123 bytes, and the error may quote input.
    this.close(1008, "invalid message");
  }

  /** A commit touched what this subscription last read (found by the `SubscriptionIndex`). */
  markQueryDirty(queryId: number): void {
    if (this.closed) return;
    this.dirtySubs.add(queryId);
    this.scheduleRefresh();
  }

  /**
   * Called synchronously with every commit. Settled read sets are in the `SubscriptionIndex`;
   * while a Transition re-runs subscriptions their read sets are about to change, so the
   * commit's writes are kept and checked against the new ones.
   */
  markDirty(writes: readonly DocWrite[]): void {
    if (this.closed || writes.length === 0 || this.dirtyAll || !this.evaluating) return;
    if (this.dirty.length + writes.length > MAX_PENDING_WRITES) {
      // Past this many pending writes, checking each subscription costs more than re-running all.
      this.dirtyAll = true;
      this.dirty = [];
    } else {
      this.dirty.push(...writes);
    }
    this.scheduleRefresh();
  }

  /** After a code reload every result may differ. */
  markAllDirty(): void {
    if (this.closed) return;
    this.dirtyAll = true;
    this.scheduleRefresh();
  }

  private scheduleRefresh(): void {
    if (this.refreshQueued || (this.dirty.length === 0 && this.dirtySubs.size === 0 && !this.dirtyAll)) return;
    this.refreshQueued = true;
    this.enqueue(async () => {
      this.refreshQueued = false;
      await this.transition({});
    });
  }

  private enqueue(task: () => Promise<void>): void {
    runOutside(() => {
      this.queue = this.queue
        .then(() => (this.closed ? undefined : task()))
        .catch((err: unknown) => this.deps.logger.error(`sync session error: ${(err as Error).stack ?? String(err)}`));
    });
  }

  private onMessage(raw: string): void {
    if (this.closed) return;
    const message = parseClientMessage(raw);
    switch (message.type) {
      case "Connect": {
        this.sessionId = message.sessionId;
        if (message.maxObservedTimestamp !== undefined) {
          const refused = this.deps.engine.observeClientTs(message.maxObservedTimestamp);
          if (refused) throw new ProtocolError(refused);
        }
        return;
      }
      case "ModifyQuerySet":
        return this.enqueue(() => this.modifyQuerySet(message));
      case "Mutation":
        return this.enqueue(() => this.mutation(message));
      case "Action":
        // Started in order; answered whenever it finishes so a slow action blocks nothing.
        return this.enqueue(() => {
          void this.action(message);
          return Promise.resolve();
        });
      case "Authenticate":
        return this.enqueue(() => this.authenticate(message));
      case "Event":
        return;
    }
  }

  private async modifyQuerySet(message: Extract<ClientMessage, { type: "ModifyQuerySet" }>): Promise<void> {
    const removed: number[] = [];
    for (const mod of message.modifications) {
      if (mod.type === "Add") {
        const add: AddQuery = mod;
        const replaced = this.subs.get(add.queryId);
        if (replaced) this.deps.subscriptions.delete(replaced.reads, replaced);
        this.subs.set(add.queryId, {
          session: this,
          queryId: add.queryId,
          udfPath: add.udfPath,
          args: decodeArgs(add.args),
          argsJson: JSON.stringify(add.args[0] ?? {}),
          componentPath: add.componentPath,
          journal: add.journal,
          reads: new ReadSet(),
          lastSent: null,
          isNew: true,
        });
      } else {
        const sub = this.subs.get(mod.queryId);
        if (!sub) continue;
        this.subs.delete(mod.queryId);
        this.deps.subscriptions.delete(sub.reads, sub);
        removed.push(mod.queryId);
      }
    }
    await this.transition({ querySet: message.newVersion, removed });
  }

  private async evaluate(sub: Subscription): Promise<Modification | null> {
    sub.isNew = false;
    let outcome: Outcome;
    // A component's functions answer only an admin (the dashboard), as on Convex.
    const componentPath = sub.componentPath ?? "";
    const check = this.deps.engine.checkCallable(sub.udfPath, "query", this.admin, componentPath);
    if ("error" in check) {
      outcome = failure(check.error);
    } else if (!sub.args.ok) {
      outcome = failure(sub.args.error);
    } else {
      outcome = await this.deps.engine.runQueryCached(sub.udfPath, sub.args.value, sub.argsJson, this.identity, sub.journal, componentPath);
    }
    this.deps.subscriptions.delete(sub.reads, sub);
    sub.reads = outcome.reads;
    if (!this.closed && this.subs.get(sub.queryId) === sub) this.deps.subscriptions.add(sub.reads, sub);
    if (outcome.ok && outcome.journal !== null) sub.journal = outcome.journal;
    const modification: Modification = outcome.ok
      ? { type: "QueryUpdated", queryId: sub.queryId, value: convexToJson(outcome.value), logLines: outcome.logLines, journal: sub.journal }
      : {
          type: "QueryFailed",
          queryId: sub.queryId,
          errorMessage: outcome.errorMessage,
          ...(outcome.errorData !== undefined ? { errorData: outcome.errorData } : {}),
          logLines: outcome.logLines,
          journal: sub.journal,
        };
    const key = JSON.stringify({ ...modification, logLines: undefined });
    if (key === sub.lastSent) return null;
    sub.lastSent = key;
    return modification;
  }

  /** Re-run what changed and send one Transition from the versions the client last saw. */
  private async transition(opts: {
    querySet?: number;
    identity?: number;
    removed?: number[];
    /** Send one if the timestamp moved on, even with nothing else to say. */
    force?: boolean;
    /** Send one in any case (a replayed mutation waits for a Transition to resolve). */
    always?: boolean;
  }): Promise<void> {
    const ts = this.deps.engine.currentTs();
    const all = this.dirtyAll;
    const dirty = this.dirty;
    const dirtySubs = this.dirtySubs;
    this.dirtyAll = false;
    this.dirty = [];
    this.dirtySubs = new Set();
    const modifications: Modification[] = [];
    this.evaluating = true;
    try {
      for (const sub of [...this.subs.values()]) {
        const affected = sub.isNew || all || dirtySubs.has(sub.queryId) || sub.reads.touchedBy(dirty);
        if (!affected) continue;
        const modification = await this.evaluate(sub);
        if (modification) modifications.push(modification);
      }
    } finally {
      this.evaluating = false;
    }
    for (const queryId of opts.removed ?? []) modifications.push({ type: "QueryRemoved", queryId });
    const querySet = opts.querySet ?? this.querySetVersion;
    const identity = opts.identity ?? this.identityVersion;
    const endTs = ts > this.sentTs ? ts : this.sentTs;
    const versionsChanged = querySet !== this.querySetVersion || identity !== this.identityVersion;
    if (modifications.length === 0 && !versionsChanged && !(opts.force && endTs > this.sentTs) && !opts.always) return;
    if (!(await this.durable())) return;
    this.send({
      type: "Transition",
      startVersion: { querySet: this.querySetVersion, identity: this.identityVersion, ts: encodeTs(this.sentTs) },
      endVersion: { querySet, identity, ts: encodeTs(endTs) },
      modifications,
    });
    this.querySetVersion = querySet;
    this.identityVersion = identity;
    this.sentTs = endTs;
  }

  private async mutation(message: Extract<ClientMessage, { type: "Mutation" }>): Promise<void> {
    const requests = this.deps.engine.sessionRequests;
    const key = this.sessionId === null ? null : requestKey(this.sessionId, message.requestId);
    // A resend while the first run is still going (even between its commit and its result)
    // waits for that run instead of starting one; a resend of a finished one is answered again.
    const answered = key === null || requests.inFlight(key) ? undefined : requests.get(key);
    if (answered) {
      await this.replay(message, answered);
      return;
    }
    const outcome =
      key === null
        ? await this.runMutation(message, null)
        : await requests.execute(key, (onCommit) => this.runMutation(message, { key, onCommit }));
    if (!outcome.ok) {
      this.send({ type: "MutationResponse", requestId: message.requestId, success: false, ...errorFields(outcome) });
      return;
    }
    // The client resolves the mutation once it has this response and then a Transition at or
    // after the mutation's timestamp, so the response goes first.
    const ts = outcome.commitTs ?? this.deps.engine.currentTs();
    if (!(await this.durable())) return;
    this.send({
      type: "MutationResponse",
      requestId: message.requestId,
      success: true,
      result: convexToJson(outcome.value),
      ts: encodeTs(ts),
      logLines: outcome.logLines,
    });
    await this.transition({ force: true });
  }

  private async runMutation(
    message: Extract<ClientMessage, { type: "Mutation" }>,
    request: { key: string; onCommit: (ts: bigint) => void } | null,
  ): Promise<Outcome> {
    const { engine } = this.deps;
    const componentPath = message.componentPath ?? "";
    const check = engine.checkCallable(message.udfPath, "mutation", this.admin, componentPath);
    if ("error" in check) return failure(check.error);
    const args = decodeArgs(message.args);
    if (!args.ok) return failure(args.error);
    const outcome = await engine.run("mutation", message.udfPath, args.value, {
      identity: this.identity,
      componentPath,
      ...(request ? { tx: { committed: request.onCommit } } : {}),
    });
    if (request) {
      if (outcome.ok) engine.sessionRequests.complete(request.key, convexToJson(outcome.value), outcome.logLines);
      else engine.sessionRequests.abandon(request.key);
    }
    return outcome;
  }

  /** A mutation this session already ran: its first outcome again, then a Transition. */
  private async replay(message: Extract<ClientMessage, { type: "Mutation" }>, record: RequestRecord): Promise<void> {
    this.deps.logger.info(`mutation ${message.udfPath} (request ${message.requestId}) was resent; answering with its first result`);
    if (!(await this.durable())) return;
    this.send({
      type: "MutationResponse",
      requestId: message.requestId,
      success: true,
      result: record.result ?? null,
      ts: encodeTs(record.ts),
      logLines: record.logLines,
    });
    await this.transition({ force: true, always: true });
  }

  private async action(message: Extract<ClientMessage, { type: "Action" }>): Promise<void> {
    const { engine } = this.deps;
    const componentPath = message.componentPath ?? "";
    const check = engine.checkCallable(message.udfPath, "action", this.admin, componentPath);
    const args = decodeArgs(message.args);
    const outcome =
      "error" in check
        ? failure(check.error)
        : !args.ok
          ? failure(args.error)
          : await engine.run("action", message.udfPath, args.value, { identity: this.identity, componentPath });
    if (this.closed) return;
    this.send(
      outcome.ok
        ? {
            type: "ActionResponse",
            requestId: message.requestId,
            success: true,
            result: convexToJson(outcome.value),
            logLines: outcome.logLines,
          }
        : { type: "ActionResponse", requestId: message.requestId, success: false, ...errorFields(outcome) },
    );
  }

  private async authenticate(message: Extract<ClientMessage, { type: "Authenticate" }>): Promise<void> {
    try {
      if (message.tokenType === "None") {
        this.identity = null;
        this.admin = false;
      } else if (message.tokenType === "Admin") {
        if (message.value !== this.deps.adminKey) throw new AuthError("The admin key is not valid for this backend.");
        this.admin = true;
        this.identity = null;
      } else {
        this.identity = await this.deps.auth.verify(message.value ?? "");
        this.admin = false;
      }
    } catch (err) {
      this.deps.logger.warn(`authentication failed: ${(err as Error).message}`);
      this.send({
        type: "AuthError",
        error: (err as Error).message,
        baseVersion: message.baseVersion,
        authUpdateAttempted: true,
      });
      return;
    }
    this.dirtyAll = true;
    await this.transition({ identity: message.baseVersion + 1 });
  }
}

function failure(errorMessage: string): Outcome {
  return { ok: false, errorMessage, logLines: [], reads: new ReadSet(), journal: null };
}

function errorFields(outcome: Extract<Outcome, { ok: false }>) {
  return {
    result: outcome.errorMessage,
    ...(outcome.errorData !== undefined ? { errorData: outcome.errorData } : {}),
    logLines: outcome.logLines,
  };
}
