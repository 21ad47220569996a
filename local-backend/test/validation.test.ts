// Argument and return-value validation worded as the Convex backend words it. Every expected
// text is written out by hand from the Rust Display impls (crates/common/src/schemas/validator.rs,
// crates/value/src/*.rs, crates/model/src/modules/function_validators.rs,
// crates/udf/src/validation.rs); validators come from the real `v` and the real `exportArgs()`.
import { queryGeneric } from "convex/server";
import { v, type Validator } from "convex/values";
import { describe, expect, it } from "vitest";
import { argumentValidationError, callerArgumentsError, returnValueValidationError } from "../src/store/validation/index.js";
import { rustDebugFloat, rustDebugString, serdeJsonFloat } from "../src/store/validation/display.js";

/** This backend's ids: a counter, then the table name. */
function idTable(id: string): string | null {
  const match = /^[0-9]+(.+)$/.exec(id);
  return match ? match[1] : null;
}

// The validators' JSON is `@internal` in convex's types, so reach it the way exportArgs does.
function json(validator: Validator<unknown, "required" | "optional", string>): string {
  return JSON.stringify((validator as unknown as { json: unknown }).json);
}

/** `exportArgs` / `exportReturns` are `@internal` in convex's types; the backend calls them. */
function exported(fn: unknown): { exportArgs(): string; exportReturns(): string } {
  return fn as { exportArgs(): string; exportReturns(): string };
}

function argsError(fields: Parameters<typeof v.object>[0], args: unknown): string | null {
  return argumentValidationError(json(v.object(fields)), args, idTable);
}

function returnsError(validator: Validator<unknown, "required" | "optional", string>, value: unknown): string | null {
  return returnValueValidationError("messages:list", json(validator), value, idTable);
}

describe("the validator JSON functions export", () => {
  it("is what exportArgs() and exportReturns() give", () => {
    const withArgs = exported(
      queryGeneric({
        args: { a: v.number(), b: v.optional(v.id("users")) },
        returns: v.union(v.literal(1n), v.null()),
        handler: () => null,
      }),
    );
    expect(withArgs.exportArgs()).toBe(
      '{"type":"object","value":{"a":{"fieldType":{"type":"number"},"optional":false},"b":{"fieldType":{"type":"id","tableName":"users"},"optional":true}}}',
    );
    expect(withArgs.exportReturns()).toBe(
      '{"type":"union","value":[{"type":"literal","value":{"$integer":"AQAAAAAAAAA="}},{"type":"null"}]}',
    );
    const bare = exported(queryGeneric({ handler: () => null }));
    expect(bare.exportArgs()).toBe('{"type":"any"}');
    expect(bare.exportReturns()).toBe("null");
  });

  it("is checked as exported", () => {
    const fn = exported(queryGeneric({ args: { a: v.number() }, returns: v.string(), handler: () => "" }));
    expect(argumentValidationError(fn.exportArgs(), { a: "x" }, idTable)).toBe(
      'ArgumentValidationError: Value does not match validator.\nPath: .a\nValue: "x"\nValidator: v.float64()\n',
    );
    expect(argumentValidationError(fn.exportArgs(), { a: 1 }, idTable)).toBeNull();
    expect(returnValueValidationError("m:f", fn.exportReturns(), 1, idTable)).toBe(
      "ReturnsValidationError: Value does not match validator.\n\nValue: 1.0\nValidator: v.string()",
    );
  });
});

describe("argumentValidationError", () => {
  it("reports a missing field, with the empty context line kept", () => {
    expect(argsError({ value: v.any() }, {})).toBe(
      "ArgumentValidationError: Object is missing the required field `value`. Consider wrapping the field validator in `v.optional(...)` if this is expected.\n\nObject: {}\nValidator: v.object({value: v.any()})\n",
    );
  });

  it("treats an undefined field as missing", () => {
    expect(argsError({ value: v.any() }, { value: undefined })).toBe(
      "ArgumentValidationError: Object is missing the required field `value`. Consider wrapping the field validator in `v.optional(...)` if this is expected.\n\nObject: {}\nValidator: v.object({value: v.any()})\n",
    );
  });

  it("visits the validator's fields in name order, before extra fields", () => {
    expect(argsError({ b: v.string(), a: v.string() }, { zzz: 1 })).toBe(
      "ArgumentValidationError: Object is missing the required field `a`. Consider wrapping the field validator in `v.optional(...)` if this is expected.\n\nObject: {zzz: 1.0}\nValidator: v.object({a: v.string(), b: v.string()})\n",
    );
  });

  it("reports the first extra field by name", () => {
    expect(argsError({ a: v.number() }, { zebra: "x", a: 1, extra: true })).toBe(
      'ArgumentValidationError: Object contains extra field `extra` that is not in the validator.\n\nObject: {a: 1.0, extra: true, zebra: "x"}\nValidator: v.object({a: v.float64()})\n',
    );
  });

  it("reports a wrong type with the field's path", () => {
    expect(argsError({ count: v.number() }, { count: "one" })).toBe(
      'ArgumentValidationError: Value does not match validator.\nPath: .count\nValue: "one"\nValidator: v.float64()\n',
    );
  });

  it("reports a nested wrong type with the full path", () => {
    const fields = { user: v.object({ tags: v.array(v.string()) }) };
    expect(argsError(fields, { user: { tags: ["a", 2] } })).toBe(
      "ArgumentValidationError: Value does not match validator.\nPath: .user.tags[1]\nValue: 2.0\nValidator: v.string()\n",
    );
  });

  it("reports a nested missing field with its path and the inner object", () => {
    const fields = { user: v.object({ tags: v.array(v.string()) }) };
    expect(argsError(fields, { user: { name: "ann" } })).toBe(
      'ArgumentValidationError: Object is missing the required field `tags`. Consider wrapping the field validator in `v.optional(...)` if this is expected.\nPath: .user\nObject: {name: "ann"}\nValidator: v.object({tags: v.array(v.string())})\n',
    );
  });

  it("reports a union mismatch against the whole union", () => {
    expect(argsError({ x: v.union(v.string(), v.null()) }, { x: 3 })).toBe(
      "ArgumentValidationError: Value does not match validator.\nPath: .x\nValue: 3.0\nValidator: v.union(v.string(), v.null())\n",
    );
    expect(argsError({ x: v.union(v.string(), v.null()) }, { x: null })).toBeNull();
  });

  it("lets a one-member union report its member's own error", () => {
    expect(argsError({ x: v.union(v.object({ a: v.string() })) }, { x: {} })).toBe(
      "ArgumentValidationError: Object is missing the required field `a`. Consider wrapping the field validator in `v.optional(...)` if this is expected.\nPath: .x\nObject: {}\nValidator: v.object({a: v.string()})\n",
    );
  });

  it("reports literal mismatches, the context right after the period", () => {
    expect(argsError({ kind: v.literal("a") }, { kind: "b" })).toBe(
      'ArgumentValidationError: `"b"` does not match literal validator `v.literal("a")`.Path: .kind\n',
    );
    expect(argsError({ n: v.literal(1) }, { n: 2 })).toBe(
      "ArgumentValidationError: `2.0` does not match literal validator `v.literal(1.0)`.Path: .n\n",
    );
    expect(argsError({ n: v.literal(5n) }, { n: 5 })).toBe(
      "ArgumentValidationError: `5.0` does not match literal validator `v.literal(<bigint>)`.Path: .n\n",
    );
    expect(argsError({ n: v.literal(5n) }, { n: 5n })).toBeNull();
    expect(argsError({ on: v.literal(true) }, { on: false })).toBe(
      "ArgumentValidationError: `false` does not match literal validator `v.literal(true)`.Path: .on\n",
    );
  });

  it("prints literals through JSON and values through Rust's Debug", () => {
    expect(argsError({ t: v.literal(0.00001) }, { t: 0.00001 })).toBeNull();
    expect(argsError({ t: v.literal(0.00001) }, { t: 0.00002 })).toBe(
      "ArgumentValidationError: `2e-5` does not match literal validator `v.literal(0.00001)`.Path: .t\n",
    );
    expect(argsError({ s: v.literal('a\n"b"') }, { s: "a\tb" })).toBe(
      'ArgumentValidationError: `"a\\tb"` does not match literal validator `v.literal("a\\n\\"b\\"")`.Path: .s\n',
    );
  });

  it("reports an array element by index", () => {
    expect(argsError({ xs: v.array(v.number()) }, { xs: [1, 2, "3"] })).toBe(
      'ArgumentValidationError: Value does not match validator.\nPath: .xs[2]\nValue: "3"\nValidator: v.float64()\n',
    );
  });

  it("reports record keys and values without naming the key", () => {
    const byUser = { scores: v.record(v.id("users"), v.number()) };
    expect(argsError(byUser, { scores: { "10001users": 1, notAnId: 2 } })).toBe(
      'ArgumentValidationError: Value does not match validator.\nPath: .scores.keys()\nValue: "notAnId"\nValidator: v.id("users")\n',
    );
    const byName = { scores: v.record(v.string(), v.number()) };
    expect(argsError(byName, { scores: { a: 1, b: "x" } })).toBe(
      'ArgumentValidationError: Value does not match validator.\nPath: .scores.values()\nValue: "x"\nValidator: v.float64()\n',
    );
    expect(argsError(byName, { scores: [1] })).toBe(
      "ArgumentValidationError: Value does not match validator.\nPath: .scores\nValue: [1.0]\nValidator: v.record(v.string(), v.float64())\n",
    );
  });

  it("checks an optional field that is present against its inner validator", () => {
    const fields = { a: v.number(), note: v.optional(v.string()) };
    expect(argsError(fields, { a: 1 })).toBeNull();
    expect(argsError(fields, { a: 1, note: 1 })).toBe(
      "ArgumentValidationError: Value does not match validator.\nPath: .note\nValue: 1.0\nValidator: v.string()\n",
    );
    expect(argsError(fields, { note: "x" })).toBe(
      'ArgumentValidationError: Object is missing the required field `a`. Consider wrapping the field validator in `v.optional(...)` if this is expected.\n\nObject: {note: "x"}\nValidator: v.object({a: v.float64(), note: v.optional(v.string())})\n',
    );
  });

  it("tells int64 from float64", () => {
    expect(argsError({ n: v.int64() }, { n: 1 })).toBe(
      "ArgumentValidationError: Value does not match validator.\nPath: .n\nValue: 1.0\nValidator: v.int64()\n",
    );
    expect(argsError({ n: v.number() }, { n: -9223372036854775808n })).toBe(
      "ArgumentValidationError: Value does not match validator.\nPath: .n\nValue: -9223372036854775808\nValidator: v.float64()\n",
    );
    expect(argsError({ n: v.int64() }, { n: 1n })).toBeNull();
  });

  it("prints bytes as base64", () => {
    expect(argsError({ b: v.bytes() }, { b: "AQID" })).toBe(
      'ArgumentValidationError: Value does not match validator.\nPath: .b\nValue: "AQID"\nValidator: v.bytes()\n',
    );
    expect(argsError({ s: v.string() }, { s: new Uint8Array([1, 2, 3]).buffer })).toBe(
      'ArgumentValidationError: Value does not match validator.\nPath: .s\nValue: b"AQID"\nValidator: v.string()\n',
    );
    expect(argsError({ b: v.bytes() }, { b: new ArrayBuffer(0) })).toBeNull();
  });

  describe("ids", () => {
    const fields = { userId: v.id("users") };

    it("accepts an id of the validator's table", () => {
      expect(argsError(fields, { userId: "10001users" })).toBeNull();
    });

    it("names the other table of a user table's id", () => {
      expect(argsError(fields, { userId: "10002posts" })).toBe(
        'ArgumentValidationError: Found ID "10002posts" from table `posts`, which does not match the table name in validator `v.id("users")`.Path: .userId\n',
      );
    });

    it("does not name a system table", () => {
      expect(argsError(fields, { userId: "10003_storage" })).toBe(
        'ArgumentValidationError: Found ID "10003_storage" from a system table, which does not match the table name in validator `v.id("users")`.Path: .userId\n',
      );
      expect(argsError({ file: v.id("_storage") }, { file: "10003_storage" })).toBeNull();
    });

    it("treats a string that is no id, or a non-string, as a plain mismatch", () => {
      expect(argsError(fields, { userId: "hello" })).toBe(
        'ArgumentValidationError: Value does not match validator.\nPath: .userId\nValue: "hello"\nValidator: v.id("users")\n',
      );
      expect(argsError(fields, { userId: 5 })).toBe(
        'ArgumentValidationError: Value does not match validator.\nPath: .userId\nValue: 5.0\nValidator: v.id("users")\n',
      );
    });
  });

  describe("args that are not an object", () => {
    it("are refused by the backend when the function validates its args", () => {
      expect(argsError({}, null)).toBe(
        "ArgumentValidationError: Expected to receive an object as the function's argument. Instead received: null\n",
      );
      expect(argsError({}, [1, "a"])).toBe(
        'ArgumentValidationError: Expected to receive an object as the function\'s argument. Instead received: [1.0, "a"]\n',
      );
      expect(argsError({}, "str")).toBe(
        'ArgumentValidationError: Expected to receive an object as the function\'s argument. Instead received: "str"\n',
      );
      expect(argsError({}, undefined)).toBeNull();
    });

    it("pass the backend when the function has no args validator", () => {
      const any = '{"type":"any"}';
      expect(argumentValidationError(any, null, idTable)).toBeNull();
      expect(argumentValidationError(any, [1], idTable)).toBeNull();
      expect(argumentValidationError(any, { anything: 1 }, idTable)).toBeNull();
    });

    it("are refused earlier by the caller's parseArgs, in its words", () => {
      expect(callerArgumentsError(null)).toBe("Cannot convert undefined or null to object");
      expect(callerArgumentsError([1, 2])).toBe("The arguments to a Convex function must be an object. Received: 1,2");
      expect(callerArgumentsError("str")).toBe("The arguments to a Convex function must be an object. Received: str");
      expect(callerArgumentsError({ a: 1 })).toBeNull();
      expect(callerArgumentsError(undefined)).toBeNull();
    });
  });
});

describe("returnValueValidationError", () => {
  it("reports a mismatch with its own prefix and no trailing line break", () => {
    expect(returnsError(v.object({ ok: v.boolean() }), { ok: "yes" })).toBe(
      'ReturnsValidationError: Value does not match validator.\nPath: .ok\nValue: "yes"\nValidator: v.boolean()',
    );
    expect(returnsError(v.array(v.number()), [1, 2, "3"])).toBe(
      'ReturnsValidationError: Value does not match validator.\nPath: [2]\nValue: "3"\nValidator: v.float64()',
    );
  });

  it("checks a function that returns nothing as returning null", () => {
    expect(returnsError(v.null(), undefined)).toBeNull();
    expect(returnsError(v.string(), undefined)).toBe(
      "ReturnsValidationError: Value does not match validator.\n\nValue: null\nValidator: v.string()",
    );
  });

  it("does not check without a returns validator or with v.any()", () => {
    expect(returnValueValidationError("m:f", "null", 1, idTable)).toBeNull();
    expect(returnsError(v.any(), Symbol.for("not even a value"))).toBeNull();
  });

  it("prints every validator kind, object fields in name order", () => {
    const everything = v.object({
      z: v.optional(v.object({})),
      a: v.id("users"),
      b: v.null(),
      c: v.number(),
      d: v.int64(),
      e: v.boolean(),
      f: v.string(),
      g: v.bytes(),
      h: v.literal("x"),
      i: v.array(v.any()),
      j: v.record(v.string(), v.float64()),
      k: v.nullable(v.union(v.number(), v.string())),
    });
    expect(returnsError(everything, null)).toBe(
      'ReturnsValidationError: Value does not match validator.\n\nValue: null\nValidator: v.object({a: v.id("users"), b: v.null(), c: v.float64(), d: v.int64(), e: v.boolean(), f: v.string(), g: v.bytes(), h: v.literal("x"), i: v.array(v.any()), j: v.record(v.string(), v.float64()), k: v.union(v.union(v.float64(), v.string()), v.null()), z: v.optional(v.object({}))})',
    );
  });

  it("prints nested values in full, fields in code point order", () => {
    const value = { b: [1, { c: null, a: true }], a: { "\u{1F600}": 1n, "\uFFFD": 2n }, bytes: new ArrayBuffer(0) };
    expect(returnsError(v.string(), value)).toBe(
      'ReturnsValidationError: Value does not match validator.\n\nValue: {a: {\uFFFD: 2, \u{1F600}: 1}, b: [1.0, {a: true, c: null}], bytes: b""}\nValidator: v.string()',
    );
    const long = "x".repeat(5000);
    expect(returnsError(v.number(), long)).toBe(
      `ReturnsValidationError: Value does not match validator.\n\nValue: "${long}"\nValidator: v.float64()`,
    );
  });
});

describe("Rust's and serde_json's number and string formats", () => {
  it("prints f64 like Rust's {:?}", () => {
    const cases: Array<[number, string]> = [
      [0, "0.0"],
      [-0, "-0.0"],
      [1, "1.0"],
      [-2.5, "-2.5"],
      [0.1, "0.1"],
      [100, "100.0"],
      [0.0001, "0.0001"],
      [0.00001, "1e-5"],
      [1.5e-7, "1.5e-7"],
      [1e15, "1000000000000000.0"],
      [9007199254740992, "9007199254740992.0"],
      [1e16, "1e16"],
      [1.25e20, "1.25e20"],
      [5e-324, "5e-324"],
      [Number.MAX_VALUE, "1.7976931348623157e308"],
      [NaN, "NaN"],
      [Infinity, "inf"],
      [-Infinity, "-inf"],
    ];
    for (const [x, text] of cases) expect(rustDebugFloat(x)).toBe(text);
  });

  it("prints f64 like serde_json", () => {
    const cases: Array<[number, string]> = [
      [1, "1.0"],
      [0.5, "0.5"],
      [-3, "-3.0"],
      [1e15, "1000000000000000.0"],
      [1e16, "1e16"],
      [0.00001, "0.00001"],
      [0.000001, "1e-6"],
      [1.5e-7, "1.5e-7"],
      [1.25e20, "1.25e20"],
      [123.456, "123.456"],
    ];
    for (const [x, text] of cases) expect(serdeJsonFloat(x)).toBe(text);
  });

  it("escapes strings like Rust's {:?}", () => {
    expect(rustDebugString('say "hi"\n\tthen\\ go\r')).toBe('"say \\"hi\\"\\n\\tthen\\\\ go\\r"');
    expect(rustDebugString("it's")).toBe('"it\'s"');
    expect(rustDebugString("\0\u0007\u007f\u0085")).toBe('"\\0\\u{7}\\u{7f}\\u{85}"');
    expect(rustDebugString("e\u0301 ❤\uFE0F")).toBe('"e\\u{301} ❤\\u{fe0f}"');
    expect(rustDebugString("a\u00A0b\u200Bc\u2028")).toBe('"a\\u{a0}b\\u{200b}c\\u{2028}"');
    expect(rustDebugString("é 😀 日本")).toBe('"é 😀 日本"');
  });
});
