// Values in a Convex export's documents.jsonl ("export JSON", the "uniform" format): plain JSON,
// except that an Int64 is a bare integer literal (`7`) and a Float64 always has a dot or an
// exponent (`7.0`, `-0.0`, `1e+21`); bytes, and floats JSON cannot spell (NaN, ±Infinity), are
// their `{"$bytes": …}` / `{"$float": …}` objects; any object whose first key starts with `$` is
// read as such an encoded value. JSON.parse cannot tell `7` from `7.0`, hence the reader below.
import { convexToJson, jsonToConvex, type JSONValue, type Value } from "convex/values";

/**
 * A finite float as Convex's serializer (Rust's serde_json with ryu) spells it: the shortest
 * digits that read back the same, with `.0` on whole numbers, plain up to 16 integer digits or
 * four leading zeros after the point, else `d.ddde<exp>`.
 */
function floatText(n: number): string {
  if (n === 0) return Object.is(n, -0) ? "-0.0" : "0.0";
  const sign = n < 0 ? "-" : "";
  const [mantissa = "", exponent] = Math.abs(n).toExponential().split("e");
  const digits = mantissa.replace(".", "");
  const point = Number(exponent) + 1; // the value is 0.<digits> × 10^point
  const zeros = point - digits.length;
  if (zeros >= 0 && point <= 16) return `${sign}${digits}${"0".repeat(zeros)}.0`;
  if (point > 0 && point <= 16) return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
  if (point > -5 && point <= 0) return `${sign}0.${"0".repeat(-point)}${digits}`;
  return `${sign}${digits[0]}${digits.length > 1 ? `.${digits.slice(1)}` : ""}e${point - 1}`;
}

/** One value as Convex writes it into documents.jsonl (an object's fields in sorted order, as Convex keeps them). */
export function toExportJson(value: Value | undefined): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "number") return Number.isFinite(value) ? floatText(value) : JSON.stringify(convexToJson(value));
  if (typeof value === "boolean" || typeof value === "string") return JSON.stringify(value);
  if (value instanceof ArrayBuffer) return JSON.stringify(convexToJson(value));
  if (Array.isArray(value)) return `[${value.map(toExportJson).join(",")}]`;
  const fields = Object.entries(value as Record<string, Value | undefined>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${fields.map(([k, v]) => `${JSON.stringify(k)}:${toExportJson(v)}`).join(",")}}`;
}

// Sticky: each matches only where the reader stands. A raw control character is not allowed in a JSON string.
// eslint-disable-next-line no-control-regex
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;
const NUMBER = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;

/** Reads one line of export JSON into a Convex value; throws with the position of a syntax error. */
export function fromExportJson(text: string): Value {
  let pos = 0;
  const fail = (what: string): never => {
    throw new Error(`${what} at character ${pos + 1}`);
  };
  const skipSpace = () => {
    while (pos < text.length && " \t\r\n".includes(text.charAt(pos))) pos++;
  };
  const readString = (): string => {
    STRING.lastIndex = pos;
    const match = STRING.exec(text);
    if (!match) fail("invalid string");
    pos += match![0].length;
    return JSON.parse(match![0]) as string;
  };
  const readValue = (): Value => {
    skipSpace();
    const char = text[pos];
    if (char === "{") {
      pos++;
      const entries: Array<[string, Value]> = [];
      const raw: Record<string, JSONValue> = {};
      skipSpace();
      if (text[pos] === "}") pos++;
      else {
        for (;;) {
          skipSpace();
          if (text[pos] !== '"') fail("expected a field name");
          const key = readString();
          skipSpace();
          if (text[pos] !== ":") fail("expected ':'");
          pos++;
          const start = pos;
          const value = readValue();
          entries.push([key, value]);
          raw[key] = JSON.parse(text.slice(start, pos)) as JSONValue;
          skipSpace();
          if (text[pos] === ",") pos++;
          else if (text[pos] === "}") {
            pos++;
            break;
          } else fail("expected ',' or '}'");
        }
      }
      if (entries[0]?.[0].startsWith("$")) return jsonToConvex(raw);
      return Object.fromEntries(entries);
    }
    if (char === "[") {
      pos++;
      const items: Value[] = [];
      skipSpace();
      if (text[pos] === "]") pos++;
      else {
        for (;;) {
          items.push(readValue());
          skipSpace();
          if (text[pos] === ",") pos++;
          else if (text[pos] === "]") {
            pos++;
            break;
          } else fail("expected ',' or ']'");
        }
      }
      return items;
    }
    if (char === '"') return readString();
    for (const [word, value] of [
      ["true", true],
      ["false", false],
      ["null", null],
    ] as const) {
      if (text.startsWith(word, pos)) {
        pos += word.length;
        return value;
      }
    }
    NUMBER.lastIndex = pos;
    const number = NUMBER.exec(text);
    if (!number) return fail("unexpected input");
    pos += number[0].length;
    if (number[1] === undefined && number[2] === undefined) {
      const int = BigInt(number[0]);
      // Convex reads an integer beyond Int64 as a float.
      if (int >= -(2n ** 63n) && int < 2n ** 63n) return int;
    }
    return Number(number[0]);
  };
  const value = readValue();
  skipSpace();
  if (pos !== text.length) fail("unexpected text after the value");
  return value;
}
