// Convex's public HTTP API as documented (docs.convex.dev/http-api), spoken with plain fetch:
// both value formats, /api/run/{path}, GET queries, batches, and clean errors for bad requests.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "./helpers";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.stop();
});

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${h.backend.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const CLEAN_KINDS = {
  int64: "123",
  float: 1.5,
  notANumber: "NaN",
  infinity: "-Infinity",
  bytes: "ABCD",
  text: "テキスト",
  list: [1, null, true],
};

describe("value formats", () => {
  it('`format: "json"` answers with Convex\'s clean JSON, and leaves out empty logLines', async () => {
    expect(await post("/api/query", { path: "values:kinds", args: {}, format: "json" })).toEqual({
      status: 200,
      body: { status: "success", value: CLEAN_KINDS },
    });
  });

  it("answers in clean JSON when no format is given, as Convex does for current clients", async () => {
    expect((await post("/api/query", { path: "values:kinds", args: {} })).body.value).toEqual(CLEAN_KINDS);
  });

  it("`convex_encoded_json` keeps every type, as the official clients ask", async () => {
    const { body } = await post("/api/query", { path: "values:kinds", args: {}, format: "convex_encoded_json" });
    expect(body.value).toMatchObject({
      int64: { $integer: "ewAAAAAAAAA=" },
      bytes: { $bytes: "ABCD" },
      notANumber: { $float: "AAAAAAAA+H8=" },
    });
  });

  it("reads arguments in Convex's encoded JSON whatever the output format", async () => {
    const args = { value: { big: { $integer: "ewAAAAAAAAA=" }, plain: [1, "two"] } };
    expect((await post("/api/query", { path: "values:echo", args, format: "json" })).body.value).toEqual({ big: "123", plain: [1, "two"] });
  });

  it("refuses an unknown format with Convex's 400", async () => {
    expect(await post("/api/query", { path: "values:kinds", args: {}, format: "xml" })).toEqual({
      status: 400,
      body: { code: "BadFormat", message: "format param must be one of [`json`]. Got xml" },
    });
  });

  it("returns ConvexError data in the requested format, with log lines when there are some", async () => {
    const failed = await post("/api/mutation", { path: "errors:failMutation", args: { code: "NOPE" }, format: "json" });
    expect(failed).toEqual({
      status: 560,
      body: {
        status: "error",
        errorMessage: expect.stringContaining("ConvexError") as unknown,
        errorData: { code: "NOPE", message: "この操作はできません" },
      },
    });
    expect((await post("/api/mutation", { path: "values:add", args: { a: 1, b: 2 }, format: "json" })).body).toEqual({
      status: "success",
      value: 3,
      logLines: ["[LOG] adding 1 and 2"],
    });
  });
});

describe("endpoints", () => {
  it("POST /api/run/{module}/{function} runs any kind of function, answering in clean JSON", async () => {
    expect((await post("/api/run/values/kinds", { args: {} })).body).toEqual({ status: "success", value: CLEAN_KINDS });
    expect((await post("/api/run/values/add", { args: { a: 2, b: 3 }, format: "json" })).body).toMatchObject({ value: 5 });
    expect((await post("/api/run/values", { args: {} })).body).toEqual({
      code: "MissingIdentifier",
      message: "Path or function name not provided in path, e.g. /api/run/messages/list",
    });
    const internal = await post("/api/run/counter/secret", { args: {} });
    expect(internal.status).toBe(560);
    expect(internal.body.errorMessage).toContain("Could not find public function for 'counter:secret'");
  });

  it("GET /api/query takes the path and JSON arguments in the URL", async () => {
    const url = `${h.backend.url}/api/query?path=values:echo&args=${encodeURIComponent(JSON.stringify({ value: "やあ" }))}&format=json`;
    expect(await (await fetch(url)).json()).toEqual({ status: "success", value: "やあ" });
  });

  it("POST /api/query_batch answers each query in order", async () => {
    const { body } = await post("/api/query_batch", {
      queries: [
        { path: "values:echo", args: { value: 1 }, format: "json" },
        { path: "errors:failQuery", args: {}, format: "json" },
      ],
    });
    expect(body.results).toEqual([
      { status: "success", value: 1 },
      expect.objectContaining({ status: "error", errorData: { code: "QUERY_FAILED", count: 3 } }),
    ]);
  });

  it("POST /api/function is for admins only, as on Convex", async () => {
    expect((await post("/api/function", { path: "values:echo", args: { value: 1 } })).body).toMatchObject({ code: "BadDeployKey" });
    const admin = await post(
      "/api/function",
      { path: "counter:secret", args: {}, format: "json" },
      { Authorization: `Convex ${h.backend.adminKey}` },
    );
    expect(admin.body).toEqual({ status: "success", value: "internal only" });
  });
});

describe("validators", () => {
  it("a result its returns validator refuses fails the mutation, which writes nothing", async () => {
    const { status, body } = await post("/api/mutation", { path: "values:writeThenBreakReturns", args: {} });
    expect({ status, body }).toEqual({
      status: 560,
      body: {
        status: "error",
        errorMessage: "ReturnsValidationError: Value does not match validator.\n\nValue: 42.0\nValidator: v.string()",
      },
    });
    expect((await post("/api/query", { path: "counter:get", args: { name: "refused" } })).body.value).toBe(0);
  });
});

describe("bad requests get clean errors, never a crash", () => {
  it("`args: null` is refused as Convex refuses it", async () => {
    expect(await post("/api/query", { path: "values:echo", args: null, format: "json" })).toEqual({
      status: 560,
      body: {
        status: "error",
        errorMessage: "ArgumentValidationError: Expected to receive an object as the function's argument. Instead received: null\n",
      },
    });
  });

  it("a body that is null, an array, not JSON, or without a path is a 400", async () => {
    for (const body of ["null", "[1]", "{not json", JSON.stringify({ args: {} })]) {
      const answer = await post("/api/query", body);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ code: expect.any(String) as unknown, message: expect.any(String) as unknown });
    }
    // The backend is still fine.
    expect((await post("/api/query", { path: "values:echo", args: { value: "ok" } })).body.value).toBe("ok");
  });

  it("arguments of the wrong type fail the call with Convex's validation message", async () => {
    const { status, body } = await post("/api/mutation", { path: "values:add", args: { a: "one", b: 2 } });
    expect(status).toBe(560);
    expect(body.errorMessage).toBe(
      'ArgumentValidationError: Value does not match validator.\nPath: .a\nValue: "one"\nValidator: v.float64()\n',
    );
    const missing = await post("/api/mutation", { path: "values:add", args: { a: 1 } });
    expect(missing.body.errorMessage).toBe(
      "ArgumentValidationError: Object is missing the required field `b`. Consider wrapping the field validator in `v.optional(...)` if this is expected.\n\nObject: {a: 1.0}\nValidator: v.object({a: v.float64(), b: v.float64()})\n",
    );
  });
});
