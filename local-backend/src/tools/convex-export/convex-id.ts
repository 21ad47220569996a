// Convex document ids as Convex writes them (what `npx convex import` checks every `_id` against):
// base32 (Crockford's alphabet, lower case, no padding) of
//   VInt(table number) ++ 16-byte internal id ++ little-endian Fletcher-16 of the bytes before it
// (the version, 0, XOR'd in). The backend's own ids are convex-test's `<counter><table>`; an
// exported one carries its counter in an internal id that starts with LOCAL_MARKER, so importing
// our own export gives every document back exactly the id it had.

const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
const INTERNAL_ID_BYTES = 16;
/** Internal ids of exported local documents: these 8 bytes, then the counter (big-endian u64). */
const LOCAL_MARKER = Uint8Array.from([0x6c, 0x6f, 0x63, 0x61, 0x6c, 0x2d, 0x62, 0x6b]); // "local-bk"

export interface ConvexId {
  tableNumber: number;
  internalId: Uint8Array;
}

function fletcher16(bytes: Uint8Array): number {
  let c0 = 0;
  let c1 = 0;
  for (const byte of bytes) {
    c0 = (c0 + byte) & 0xff;
    c1 = (c1 + c0) & 0xff;
  }
  return (c1 << 8) | c0;
}

function vint(n: number): number[] {
  const out: number[] = [];
  while (n >= 0x80) {
    out.push((n & 0x7f) | 0x80);
    n = Math.floor(n / 128);
  }
  out.push(n);
  return out;
}

function base32(bytes: Uint8Array): string {
  let out = "";
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = ((buffer << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(buffer >> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(buffer << (5 - bits)) & 31];
  return out;
}

function unbase32(text: string): Uint8Array | null {
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of text) {
    const value = ALPHABET.indexOf(char);
    if (value < 0) return null;
    buffer = ((buffer << 5) | value) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((buffer >> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Uint8Array.from(out);
}

export function encodeConvexId({ tableNumber, internalId }: ConvexId): string {
  const head = Uint8Array.from([...vint(tableNumber), ...internalId]);
  const footer = fletcher16(head);
  return base32(Uint8Array.from([...head, footer & 0xff, footer >> 8]));
}

/** The table number and internal id of a Convex id, or null if the text is not one. */
export function decodeConvexId(text: string): ConvexId | null {
  if (text.length < 31 || text.length > 37) return null;
  const bytes = unbase32(text);
  if (!bytes) return null;
  let tableNumber = 0;
  let pos = 0;
  for (;;) {
    if (pos >= 5 || pos >= bytes.length) return null;
    const byte = bytes[pos] ?? 0;
    tableNumber += (byte & 0x7f) * 2 ** (7 * pos);
    pos += 1;
    if (byte < 0x80) break;
  }
  if (tableNumber === 0 || bytes.length !== pos + INTERNAL_ID_BYTES + 2) return null;
  const footer = (bytes[bytes.length - 2] ?? 0) | ((bytes[bytes.length - 1] ?? 0) << 8);
  if (fletcher16(bytes.subarray(0, bytes.length - 2)) !== footer) return null;
  const id = { tableNumber, internalId: bytes.slice(pos, pos + INTERNAL_ID_BYTES) };
  // Only the canonical spelling is an id (Convex checks that decoding is one-to-one).
  return encodeConvexId(id) === text ? id : null;
}

/** The Convex id an exported local document gets: its counter in a marked internal id. */
export function convexIdForCounter(tableNumber: number, counter: number): string {
  const internalId = new Uint8Array(INTERNAL_ID_BYTES);
  internalId.set(LOCAL_MARKER);
  new DataView(internalId.buffer).setBigUint64(8, BigInt(counter));
  return encodeConvexId({ tableNumber, internalId });
}

/** The counter of a Convex id this backend exported, or null for an id minted by Convex. */
export function counterOfConvexId(id: ConvexId): number | null {
  if (!LOCAL_MARKER.every((byte, i) => id.internalId[i] === byte)) return null;
  const counter = new DataView(id.internalId.buffer, id.internalId.byteOffset).getBigUint64(8);
  return counter <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(counter) : null;
}
