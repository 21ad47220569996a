// Terminal output of the backend: its own messages and the functions' console lines, each
// prefixed with the function's name.
import type { LogLevel } from "./run-context.js";

export type LogSink = (line: string) => void;

export class Logger {
  private readonly sink: LogSink | null;
  private readonly color: boolean;

  constructor(sink: LogSink | false | undefined) {
    if (sink === false) {
      this.sink = null;
      this.color = false;
    } else if (sink) {
      this.sink = sink;
      this.color = false;
    } else {
      this.sink = (line) => process.stdout.write(`${line}\n`);
      this.color = Boolean(process.stdout.isTTY);
    }
  }

  private paint(code: number, text: string): string {
    return this.color ? `\x1b[${code}m${text}\x1b[0m` : text;
  }

  info(message: string): void {
    this.sink?.(`${this.paint(36, "[local-backend]")} ${message}`);
  }

  warn(message: string): void {
    this.sink?.(`${this.paint(33, "[local-backend]")} ${message}`);
  }

  error(message: string): void {
    this.sink?.(`${this.paint(31, "[local-backend]")} ${message}`);
  }

  functionLog(name: string, level: LogLevel, message: string): void {
    const levelTag = level === "LOG" ? "" : `${level} `;
    const code = level === "ERROR" ? 31 : level === "WARN" ? 33 : 90;
    for (const [i, line] of message.split("\n").entries()) {
      this.sink?.(`${this.paint(35, `[${name}]`)} ${i === 0 ? this.paint(code, levelTag) : ""}${line}`);
    }
  }

  functionError(name: string, error: unknown): void {
    const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
    this.functionLog(name, "ERROR", `Uncaught ${text}`);
  }
}
