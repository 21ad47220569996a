// Values and validators printed the way the Convex backend's Rust `Display` impls print them:
//  - `ConvexValue` (crates/value/src/lib.rs): null, int64 as a plain integer, float64 and
//    string with Rust's `{:?}`, bytes as `b"<base64>"` (bytes.rs), arrays `[a, b]` (array.rs),
//    objects `{name: value}` with bare field names (object.rs), joined by `display_map` /
//    `display_sequence` (utils.rs). Nothing is ever shortened.
//  - `Validator`, `ObjectValidator`, `FieldValidator`, `LiteralValidator`
//    (crates/common/src/schemas/validator.rs): `v.float64()`, `v.object({a: v.optional(…)})`,
//    and literals through serde_json, except int64 literals which print as `<bigint>`.
import type { FieldValidator, LiteralValue, Validator } from "./validator.js";
import { kindOf, objectFields } from "./values.js";

/** `ConvexValue`'s Display. */
export function displayValue(value: unknown): string {
  if (typeof value === "bigint" || typeof value === "boolean") return String(value);
  if (typeof value === "number") return rustDebugFloat(value);
  if (typeof value === "string") return rustDebugString(value);
  switch (kindOf(value)) {
    case "bytes":
      return `b"${Buffer.from(value as ArrayBuffer).toString("base64")}"`;
    case "array":
      return `[${(value as unknown[]).map(displayValue).join(", ")}]`;
    case "object":
      return displayObject(value as Record<string, unknown>);
    default:
      return "null"; // the only kind left once the scalars above are printed
  }
}

export function displayObject(object: Record<string, unknown>): string {
  return `{${objectFields(object)
    .map(([name, field]) => `${name}: ${displayValue(field)}`)
    .join(", ")}}`;
}

/** `Validator`'s Display. */
export function displayValidator(validator: Validator): string {
  switch (validator.kind) {
    case "id":
      return `v.id("${validator.table}")`;
    case "literal":
      return `v.literal(${displayLiteral(validator.value)})`;
    case "array":
      return `v.array(${displayValidator(validator.element)})`;
    case "record":
      return `v.record(${displayValidator(validator.keys)}, ${displayValidator(validator.values)})`;
    case "object":
      return `v.object({${validator.fields.map(([name, field]) => `${name}: ${displayField(field)}`).join(", ")}})`;
    case "union":
      return `v.union(${validator.members.map(displayValidator).join(", ")})`;
    default:
      return `v.${validator.kind}()`;
  }
}

function displayField(field: FieldValidator): string {
  const inner = displayValidator(field.validator);
  return field.optional ? `v.optional(${inner})` : inner;
}

/** `LiteralValidator`'s Display: JSON where JSON can say it, a placeholder where it cannot. */
export function displayLiteral(value: LiteralValue): string {
  switch (typeof value) {
    case "bigint":
      return "<bigint>";
    case "number":
      return Number.isFinite(value) ? serdeJsonFloat(value) : "<number>";
    default:
      // JSON.stringify escapes a string exactly as serde_json does (short escapes, `\u00XX`).
      return JSON.stringify(value);
  }
}

/** The shortest round-trip digits of |x| (no dot) and the power of ten of the first one. */
function shortestDigits(x: number): { digits: string; exponent: number } {
  const [mantissa = "", exponent] = Math.abs(x).toExponential().split("e");
  return { digits: mantissa.replace(".", ""), exponent: Number(exponent) };
}

/**
 * Rust's `{:?}` for f64: `NaN`, `inf`, `-0.0`; shortest digits; scientific (`1e16`, `1.5e-5`)
 * when the magnitude is below 1e-4 or at least 1e16, otherwise always with a decimal point.
 */
export function rustDebugFloat(x: number): string {
  if (Number.isNaN(x)) return "NaN";
  if (!Number.isFinite(x)) return x > 0 ? "inf" : "-inf";
  const sign = x < 0 || Object.is(x, -0) ? "-" : "";
  if (x === 0) return `${sign}0.0`;
  const { digits, exponent } = shortestDigits(x);
  const magnitude = Math.abs(x);
  if (magnitude < 1e-4 || magnitude >= 1e16) return `${sign}${scientific(digits, exponent)}`;
  return `${sign}${positional(digits, exponent + 1)}`;
}

/**
 * serde_json's f64 output (the `ryu` crate): positional up to 16 integer digits or down to
 * 0.0000d, scientific beyond; whole numbers end in `.0`.
 */
export function serdeJsonFloat(x: number): string {
  const sign = x < 0 || Object.is(x, -0) ? "-" : "";
  if (x === 0) return `${sign}0.0`;
  const { digits, exponent } = shortestDigits(x);
  const point = exponent + 1; // digits before the decimal point
  const positionalRange = point <= 16 && point > -5;
  return `${sign}${positionalRange ? positional(digits, point) : scientific(digits, exponent)}`;
}

/** `digits` with the decimal point after `point` digits, padding with zeros, never a bare `.`. */
function positional(digits: string, point: number): string {
  if (point <= 0) return `0.${"0".repeat(-point)}${digits}`;
  if (point >= digits.length) return `${digits}${"0".repeat(point - digits.length)}.0`;
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
}

function scientific(digits: string, exponent: number): string {
  const mantissa = digits.length === 1 ? digits : `${digits[0]}.${digits.slice(1)}`;
  return `${mantissa}e${exponent}`;
}

const RUST_SHORT_ESCAPES: Record<string, string> = {
  "\0": "\\0",
  "\t": "\\t",
  "\r": "\\r",
  "\n": "\\n",
  "\\": "\\\\",
  '"': '\\"',
};

/**
 * What Rust's `char::is_printable` rejects (its tables are built from these general categories,
 * the plain space excepted), and what `str`'s Debug escapes on top: grapheme extenders such as
 * combining accents and variation selectors.
 */
const RUST_ESCAPED_CHAR = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}\p{Grapheme_Extend}]/u;

/** Rust's `{:?}` for a string: double quotes, `\n`-style escapes, `\u{301}` for the rest. */
export function rustDebugString(text: string): string {
  let out = '"';
  for (const char of text) {
    const short = RUST_SHORT_ESCAPES[char];
    if (short !== undefined) out += short;
    else if (char !== " " && RUST_ESCAPED_CHAR.test(char)) out += `\\u{${(char.codePointAt(0) ?? 0).toString(16)}}`;
    else out += char;
  }
  return `${out}"`;
}
