// A file system for `codegen --check`: the CLI's codegen runs against it as usual, reading the
// real files, but what it writes or deletes is only recorded, so we can tell what is stale
// without touching the folder.
import fs from "node:fs";
import path from "node:path";
import type { CliFs } from "./cli-modules.js";

type Change = { kind: "write"; contents: string } | { kind: "delete" };

export class OverlayFs implements CliFs {
  readonly changes = new Map<string, Change>();

  constructor(private readonly real: CliFs) {}

  private change(p: string): Change | undefined {
    return this.changes.get(path.resolve(p));
  }

  listDir(dir: string): fs.Dirent[] {
    const abs = path.resolve(dir);
    const real = this.real.exists(abs) ? this.real.listDir(abs) : [];
    return real.filter((entry) => this.change(path.join(abs, entry.name))?.kind !== "delete");
  }

  exists(p: string): boolean {
    const change = this.change(p);
    if (change) return change.kind === "write";
    return this.real.exists(p);
  }

  stat(p: string): fs.Stats {
    if (this.change(p)?.kind === "delete") throw Object.assign(new Error(`ENOENT: ${p}`), { code: "ENOENT" });
    return this.real.stat(p);
  }

  readUtf8File(p: string): string {
    const change = this.change(p);
    if (change?.kind === "write") return change.contents;
    if (change?.kind === "delete") throw Object.assign(new Error(`ENOENT: ${p}`), { code: "ENOENT" });
    return this.real.readUtf8File(p);
  }

  access(p: string): void {
    if (!this.exists(p)) throw Object.assign(new Error(`ENOENT: ${p}`), { code: "ENOENT" });
  }

  writeUtf8File(p: string, contents: string): void {
    this.changes.set(path.resolve(p), { kind: "write", contents });
  }

  mkdir(): void {
    // Directories that would be created hold only files we record.
  }

  rmdir(p: string): void {
    this.changes.set(path.resolve(p), { kind: "delete" });
  }

  unlink(p: string): void {
    this.changes.set(path.resolve(p), { kind: "delete" });
  }

  swapTmpFile(from: string, to: string): void {
    this.changes.set(path.resolve(to), { kind: "write", contents: fs.readFileSync(from, "utf8") });
    fs.rmSync(from, { force: true });
  }

  registerPath(): void {}

  invalidate(): void {}

  /** Files whose recorded state differs from the disk. */
  staleFiles(): string[] {
    const stale: string[] = [];
    for (const [file, change] of this.changes) {
      const onDisk = fs.existsSync(file) && fs.statSync(file).isFile() ? fs.readFileSync(file, "utf8") : null;
      if (change.kind === "delete" ? fs.existsSync(file) : onDisk !== change.contents) stale.push(file);
    }
    return stale.sort();
  }
}
