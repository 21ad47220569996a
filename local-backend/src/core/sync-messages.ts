// Client messages of the sync protocol, checked field by field before anything acts on them, as
// Convex's backend deserializes them (sync_types' ClientMessage): a message of the wrong shape is
// a protocol error that ends that one connection, never an exception that escapes.
import type { JSONValue } from "convex/values";

/** Largest timestamp Convex accepts (its Timestamp::MAX is i64::MAX nanoseconds). */
export const TIMESTAMP_MAX = 2n ** 63n - 1n;

export class ProtocolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ProtocolError";
  }
}

export interface AddQuery {
  type: "Add";
  queryId: number;
  udfPath: string;
  args: JSONValue[];
  journal: string | null;
  componentPath: string | undefined;
}

interface FunctionRequest {
  requestId: number;
  udfPath: string;
  args: JSONValue[];
  componentPath: string | undefined;
}

export type ClientMessage =
  | { type: "Connect"; sessionId: string; connectionCount: number; maxObservedTimestamp: bigint | undefined }
  | {
      type: "ModifyQuerySet";
      baseVersion: number;
      newVersion: number;
      modifications: Array<AddQuery | { type: "Remove"; queryId: number }>;
    }
  | ({ type: "Mutation" } & FunctionRequest)
  | ({ type: "Action" } & FunctionRequest)
  | { type: "Authenticate"; baseVersion: number; tokenType: "User" | "Admin" | "None"; value: string | undefined }
  | { type: "Event" };

type Fields = Record<string, unknown>;

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "string" ? "a string" : typeof value;
}

function object(value: unknown, what: string): Fields {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ProtocolError(`${what} must be an object, got ${describe(value)}`);
  }
  return value as Fields;
}

/** A u32, as Convex's request ids, versions and query ids are. */
function u32(fields: Fields, key: string): number {
  const value = fields[key];
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > 0xffffffff) {
    throw new ProtocolError(`\`${key}\` must be an integer from 0 to 2^32-1, got ${describe(value)}`);
  }
  return value;
}

function string(fields: Fields, key: string): string {
  const value = fields[key];
  if (typeof value !== "string") throw new ProtocolError(`\`${key}\` must be a string, got ${describe(value)}`);
  return value;
}

function optionalString(fields: Fields, key: string): string | undefined {
  const value = fields[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") throw new ProtocolError(`\`${key}\` must be a string, got ${describe(value)}`);
  return value;
}

function args(fields: Fields, key: string, required: boolean): JSONValue[] {
  const value = fields[key];
  if (value === undefined && !required) return [];
  if (!Array.isArray(value)) throw new ProtocolError(`\`${key}\` must be an array, got ${describe(value)}`);
  return value as JSONValue[];
}

/** u64 little-endian in base64, exactly 8 bytes, at most Convex's largest timestamp. */
export function parseTimestamp(encoded: unknown, what = "maxObservedTimestamp"): bigint {
  if (typeof encoded !== "string" || !/^[A-Za-z0-9+/]{10}[AEIMQUYcgkosw048]=?$/.test(encoded)) {
    throw new ProtocolError(
      `\`${what}\` must be a base64 u64, got ${typeof encoded === "string" ? JSON.stringify(encoded.slice(0, 40)) : describe(encoded)}`,
    );
  }
  const ts = Buffer.from(encoded, "base64").readBigUInt64LE(0);
  if (ts > TIMESTAMP_MAX) throw new ProtocolError(`\`${what}\` ${ts} is beyond the largest timestamp`);
  return ts;
}

function modification(value: unknown): AddQuery | { type: "Remove"; queryId: number } {
  const fields = object(value, "a query set modification");
  if (fields.type === "Remove") return { type: "Remove", queryId: u32(fields, "queryId") };
  if (fields.type !== "Add") throw new ProtocolError(`unknown query set modification ${JSON.stringify(fields.type)}`);
  const journal = fields.journal;
  if (journal !== undefined && journal !== null && typeof journal !== "string") {
    throw new ProtocolError(`\`journal\` must be a string or null, got ${describe(journal)}`);
  }
  return {
    type: "Add",
    queryId: u32(fields, "queryId"),
    udfPath: string(fields, "udfPath"),
    args: args(fields, "args", false),
    journal: journal ?? null,
    componentPath: optionalString(fields, "componentPath"),
  };
}

/** Parse one text frame; throws ProtocolError for anything that is not a valid client message. */
export function parseClientMessage(raw: string): ClientMessage {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (err) {
    throw new ProtocolError(`Received Invalid JSON on websocket: ${(err as Error).message}`);
  }
  const fields = object(json, "a message");
  switch (fields.type) {
    case "Connect": {
      const sessionId = string(fields, "sessionId");
      if (sessionId.length === 0 || sessionId.length > 128) throw new ProtocolError("`sessionId` must be 1 to 128 characters");
      const lastCloseReason = fields.lastCloseReason;
      if (lastCloseReason !== undefined && lastCloseReason !== null && typeof lastCloseReason !== "string") {
        throw new ProtocolError(`\`lastCloseReason\` must be a string, got ${describe(lastCloseReason)}`);
      }
      const clientTs = fields.clientTs;
      if (clientTs !== undefined && clientTs !== null && typeof clientTs !== "number") {
        throw new ProtocolError(`\`clientTs\` must be a number, got ${describe(clientTs)}`);
      }
      const encoded = fields.maxObservedTimestamp;
      return {
        type: "Connect",
        sessionId,
        connectionCount: u32(fields, "connectionCount"),
        maxObservedTimestamp: encoded === undefined || encoded === null ? undefined : parseTimestamp(encoded),
      };
    }
    case "ModifyQuerySet": {
      const modifications = fields.modifications;
      if (!Array.isArray(modifications)) throw new ProtocolError(`\`modifications\` must be an array, got ${describe(modifications)}`);
      return {
        type: "ModifyQuerySet",
        baseVersion: u32(fields, "baseVersion"),
        newVersion: u32(fields, "newVersion"),
        modifications: modifications.map(modification),
      };
    }
    case "Mutation":
    case "Action": {
      const request: FunctionRequest = {
        requestId: u32(fields, "requestId"),
        udfPath: string(fields, "udfPath"),
        args: args(fields, "args", true),
        componentPath: optionalString(fields, "componentPath"),
      };
      return fields.type === "Mutation" ? { type: "Mutation", ...request } : { type: "Action", ...request };
    }
    case "Authenticate": {
      const tokenType = fields.tokenType;
      if (tokenType !== "User" && tokenType !== "Admin" && tokenType !== "None") {
        throw new ProtocolError(`\`tokenType\` must be "User", "Admin" or "None", got ${JSON.stringify(tokenType ?? null)}`);
      }
      return {
        type: "Authenticate",
        baseVersion: u32(fields, "baseVersion"),
        tokenType,
        value: tokenType === "None" ? undefined : string(fields, "value"),
      };
    }
    case "Event":
      string(fields, "eventType");
      return { type: "Event" };
    default:
      throw new ProtocolError(`unknown message type ${JSON.stringify(fields.type ?? null).slice(0, 60)}`);
  }
}
