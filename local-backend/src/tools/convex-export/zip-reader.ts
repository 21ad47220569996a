// Reads a ZIP by its central directory, one entry at a time, so an export larger than what fits
// in memory (Convex exports with many files) can be imported: only the entry being read is held.
// Handles ZIP64 (archives or entries past 4 GiB), stored and deflated entries.
import fs from "node:fs";
import zlib from "node:zlib";

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  crc32: number;
  localHeaderOffset: number;
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const U32_MAX = 0xffffffff;

export class NotAZipError extends Error {}

export class ZipReader {
  private constructor(
    private readonly fd: number,
    readonly entries: ZipEntry[],
  ) {}

  static open(file: string): ZipReader {
    const fd = fs.openSync(file, "r");
    try {
      return new ZipReader(fd, readCentralDirectory(fd, fs.fstatSync(fd).size));
    } catch (err) {
      fs.closeSync(fd);
      throw err;
    }
  }

  /** An entry's bytes, decompressed and checked against its CRC-32. */
  read(entry: ZipEntry): Buffer {
    const header = readAt(this.fd, entry.localHeaderOffset, 30);
    if (header.readUInt32LE(0) !== LOCAL_HEADER) throw new NotAZipError(`the entry ${entry.name} is not where the directory says`);
    const start = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
    const raw = readAt(this.fd, start, entry.compressedSize);
    let bytes: Buffer;
    if (entry.method === 0) bytes = raw;
    else if (entry.method === 8) bytes = zlib.inflateRawSync(raw);
    else throw new NotAZipError(`the entry ${entry.name} uses compression method ${entry.method} (only stored and deflate are read)`);
    if (bytes.length !== entry.size || zlib.crc32(bytes) !== entry.crc32)
      throw new NotAZipError(`the entry ${entry.name} is damaged (its size or CRC-32 does not match)`);
    return bytes;
  }

  close(): void {
    fs.closeSync(this.fd);
  }
}

function readAt(fd: number, position: number, length: number): Buffer {
  const buffer = Buffer.alloc(length);
  let done = 0;
  while (done < length) {
    const n = fs.readSync(fd, buffer, done, length - done, position + done);
    if (n === 0) throw new NotAZipError("it ends early (truncated)");
    done += n;
  }
  return buffer;
}

function readCentralDirectory(fd: number, fileSize: number): ZipEntry[] {
  // The end record is in the last 22 bytes, or before a comment of up to 64 KiB.
  const tailLength = Math.min(fileSize, 22 + 0xffff);
  const tail = readAt(fd, fileSize - tailLength, tailLength);
  let at = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD) {
      at = i;
      break;
    }
  }
  if (at < 0) throw new NotAZipError("it has no ZIP end-of-directory record");
  let count = tail.readUInt16LE(at + 10);
  let dirSize = tail.readUInt32LE(at + 12);
  let dirOffset = tail.readUInt32LE(at + 16);
  if (count === 0xffff || dirSize === U32_MAX || dirOffset === U32_MAX) {
    const locatorAt = at - 20;
    if (locatorAt < 0 || tail.readUInt32LE(locatorAt) !== ZIP64_LOCATOR) throw new NotAZipError("its ZIP64 locator is missing");
    const zip64 = readAt(fd, Number(tail.readBigUInt64LE(locatorAt + 8)), 56);
    if (zip64.readUInt32LE(0) !== ZIP64_EOCD) throw new NotAZipError("its ZIP64 end record is missing");
    count = Number(zip64.readBigUInt64LE(32));
    dirSize = Number(zip64.readBigUInt64LE(40));
    dirOffset = Number(zip64.readBigUInt64LE(48));
  }
  if (dirOffset + dirSize > fileSize) throw new NotAZipError("its directory lies past its end");
  const dir = readAt(fd, dirOffset, dirSize);
  const entries: ZipEntry[] = [];
  let pos = 0;
  for (let i = 0; i < count; i++) {
    if (pos + 46 > dir.length || dir.readUInt32LE(pos) !== CENTRAL_ENTRY) throw new NotAZipError("its directory is damaged");
    const nameLength = dir.readUInt16LE(pos + 28);
    const extraLength = dir.readUInt16LE(pos + 30);
    const commentLength = dir.readUInt16LE(pos + 32);
    const entry: ZipEntry = {
      name: dir.toString("utf8", pos + 46, pos + 46 + nameLength),
      method: dir.readUInt16LE(pos + 10),
      crc32: dir.readUInt32LE(pos + 16),
      compressedSize: dir.readUInt32LE(pos + 20),
      size: dir.readUInt32LE(pos + 24),
      localHeaderOffset: dir.readUInt32LE(pos + 42),
    };
    // ZIP64 extra field: the 64-bit values of those that read 0xffffffff, in this order.
    let extra = pos + 46 + nameLength;
    const extraEnd = extra + extraLength;
    while (extra + 4 <= extraEnd) {
      const id = dir.readUInt16LE(extra);
      const length = dir.readUInt16LE(extra + 2);
      if (id === 0x0001) {
        let field = extra + 4;
        for (const key of ["size", "compressedSize", "localHeaderOffset"] as const) {
          if (entry[key] === U32_MAX) {
            entry[key] = Number(dir.readBigUInt64LE(field));
            field += 8;
          }
        }
      }
      extra += 4 + length;
    }
    entries.push(entry);
    pos = extraEnd + commentLength;
  }
  return entries;
}
