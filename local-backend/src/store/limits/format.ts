// Text the Convex backend puts in its limit errors: byte sizes the way its two formatters write
// them, and values the way its Rust `Display` prints them (used in "isn't a valid document").

const BINARY_UNITS = ["B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];

/**
 * The `humansize` crate with its BINARY options, as in "Value is too large (1.00 MiB > maximum
 * size 1 MiB)": whole numbers without decimals, anything else with two, rounded half to even.
 */
export function formatBinarySize(bytes: number): string {
  let unit = 0;
  let scale = 1n;
  const value = BigInt(bytes);
  while (unit < BINARY_UNITS.length - 1 && value >= scale * 1024n) {
    scale *= 1024n;
    unit += 1;
  }
  return `${twoDecimalsOrWhole(value, scale)} ${BINARY_UNITS[unit]}`;
}

/** `value / scale` exactly, printed like Rust's `{:.2}` (ties to even) unless it is whole. */
function twoDecimalsOrWhole(value: bigint, scale: bigint): string {
  if (value % scale === 0n) return String(value / scale);
  let hundredths = (value * 100n) / scale;
  const twiceRemainder = ((value * 100n) % scale) * 2n;
  if (twiceRemainder > scale || (twiceRemainder === scale && hundredths % 2n === 1n)) hundredths += 1n;
  const whole = hundredths / 100n;
  const fraction = String(hundredths % 100n).padStart(2, "0");
  return `${whole}.${fraction}`;
}

const CLEAN_UNITS: Array<[number, string]> = [
  [2 ** 30, "GiB"],
  [1_000_000_000, "GB"],
  [2 ** 20, "MiB"],
  [1_000_000, "MB"],
  [2 ** 10, "KiB"],
  [1_000, "KB"],
];

/**
 * Convex's own `common::fmt::format_bytes`, as in "Too many bytes written … (limit: 16 MiB)":
 * the largest unit that divides evenly (or to one decimal), otherwise plain bytes.
 */
export function formatBytes(bytes: number): string {
  if (bytes === 0) return "0 bytes";
  for (const [unit, name] of CLEAN_UNITS) {
    if (bytes < unit) continue;
    if (bytes % unit === 0) return `${bytes / unit} ${name}`;
    if ((bytes * 10) % unit === 0) return `${Math.floor(bytes / unit)}.${Math.floor((bytes * 10) / unit) % 10} ${name}`;
  }
  return `${bytes} bytes`;
}

/** Rust's `{:?}` for f64: shortest digits, always a decimal point, exponent outside [1e-4, 1e16). */
export function rustFloat(x: number): string {
  if (Number.isNaN(x)) return "NaN";
  if (!Number.isFinite(x)) return x > 0 ? "inf" : "-inf";
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  const magnitude = Math.abs(x);
  if (magnitude < 1e-4 || magnitude >= 1e16) return x.toExponential().replace("e+", "e");
  const text = String(x);
  return text.includes(".") ? text : `${text}.0`;
}

const RUST_CHAR_ESCAPES: Record<string, string> = {
  "\t": "\\t",
  "\r": "\\r",
  "\n": "\\n",
  "\\": "\\\\",
  '"': '\\"',
  "\0": "\\0",
};

/** Rust's `{:?}` for a string: quoted, with control characters escaped as `\u{…}`. */
export function rustString(text: string): string {
  let out = '"';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    const escape = RUST_CHAR_ESCAPES[char];
    if (escape !== undefined) out += escape;
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0) || (code >= 0xd800 && code < 0xe000)) out += `\\u{${code.toString(16)}}`;
    else out += char;
  }
  return `${out}"`;
}

/** The largest int64: how the backend shows a commit timestamp that is not known yet. */
const PENDING_COMMIT_TS = "9223372036854775807";

/** A Convex value the way the backend's `ConvexValue` Display prints it. */
export function displayValue(value: unknown): string {
  if (value === null) return "null";
  switch (typeof value) {
    case "boolean":
      return String(value);
    case "number":
      return rustFloat(value);
    case "bigint":
      return String(value);
    case "string":
      return rustString(value);
    default:
      break;
  }
  if (value instanceof ArrayBuffer) return `b"${Buffer.from(value).toString("base64")}"`;
  if (Array.isArray(value)) return `[${value.map(displayValue).join(", ")}]`;
  if (isPlainObject(value)) return displayObject(value);
  return PENDING_COMMIT_TS;
}

function displayObject(object: Record<string, unknown>): string {
  const fields = definedFields(object).map(([name, field]) => `${name}: ${displayValue(field)}`);
  return `{${fields.join(", ")}}`;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** An object's fields in the backend's order (byte order of the names), undefined ones left out. */
export function definedFields(object: Record<string, unknown>): Array<[string, unknown]> {
  return Object.entries(object)
    .filter(([, field]) => field !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
