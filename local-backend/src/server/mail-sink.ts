// A local stand-in for the EmailJS send API: keeps every message (persisted in the data dir)
// and lists them at /mail-sink (HTML) and /mail-sink/messages.json.
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import fs from "node:fs";
import path from "node:path";
import { type DataDir, LocalBackendStartupError } from "../persistence/data-dir.js";
import { HttpError, readJson, sendJson } from "./http-util.js";
import type { Logger } from "../engine/logger.js";
import { CORS_HEADERS } from "./protocol.js";

export const MAIL_SINK_PREFIX = "/mail-sink";
export const MAIL_SEND_PATH = "/mail-sink/api/v1.0/email/send";
const FILE = "mail.json";

export interface MailMessage {
  id: string;
  receivedAt: string;
  service_id: string;
  template_id: string;
  user_id: string;
  template_params: Record<string, unknown>;
}

function escapeHtml(value: unknown): string {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

function isMessage(value: unknown): value is MailMessage {
  const m = value as Partial<MailMessage> | null;
  return (
    typeof m === "object" &&
    m !== null &&
    typeof m.id === "string" &&
    typeof m.receivedAt === "string" &&
    typeof m.service_id === "string" &&
    typeof m.template_id === "string" &&
    typeof m.template_params === "object" &&
    m.template_params !== null
  );
}

/**
 * The stored messages. A damaged mail log is repaired, never a reason not to start: a file that
 * is not JSON is kept aside under a new name and the sink starts empty; entries that are not
 * messages are skipped. Each repair is a warning naming the file.
 */
function loadMessages(dataDir: DataDir, logger: Logger | null): MailMessage[] {
  const file = path.join(dataDir.root, FILE);
  let stored: unknown;
  try {
    stored = dataDir.readJson<unknown>(FILE);
  } catch (err) {
    if (!(err instanceof LocalBackendStartupError) || !fs.statSync(file, { throwIfNoEntry: false })?.isFile()) throw err;
    const aside = `${file}.corrupt-${Date.now()}`;
    fs.renameSync(file, aside);
    logger?.warn(`${file} is not valid JSON: moved it to ${aside} and started with an empty mail sink`);
    return [];
  }
  if (stored === null) return [];
  if (!Array.isArray(stored)) {
    const aside = `${file}.corrupt-${Date.now()}`;
    fs.renameSync(file, aside);
    logger?.warn(`${file} is not a list of messages: moved it to ${aside} and started with an empty mail sink`);
    return [];
  }
  const messages = stored.filter(isMessage);
  if (messages.length < stored.length) {
    logger?.warn(`${file}: skipped ${stored.length - messages.length} entries that are not mail messages`);
  }
  return messages;
}

export class MailSink {
  private messages: MailMessage[];
  private saving: Promise<void> = Promise.resolve();

  constructor(
    private readonly dataDir: DataDir,
    logger: Logger | null = null,
  ) {
    this.messages = loadMessages(dataDir, logger);
  }

  list(): MailMessage[] {
    return [...this.messages];
  }

  private save(): Promise<void> {
    const snapshot = [...this.messages];
    this.saving = this.saving.then(() => this.dataDir.writeJson(FILE, snapshot));
    return this.saving;
  }

  async clear(): Promise<void> {
    this.messages = [];
    await this.save();
  }

  async handle(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
    if (req.method === "OPTIONS") {
      res.writeHead(204, CORS_HEADERS).end();
      return;
    }
    if (pathname === MAIL_SEND_PATH) {
      if (req.method !== "POST") throw new HttpError(405, "Use POST");
      const body = await readJson<Partial<MailMessage>>(req);
      if (typeof body.service_id !== "string" || typeof body.template_id !== "string") {
        throw new HttpError(400, "The service ID and template ID are required");
      }
      const message: MailMessage = {
        id: randomUUID(),
        receivedAt: new Date().toISOString(),
        service_id: body.service_id,
        template_id: body.template_id,
        user_id: typeof body.user_id === "string" ? body.user_id : "",
        template_params: body.template_params ?? {},
      };
      this.messages.push(message);
      await this.save();
      // EmailJS answers 200 with the text "OK".
      res.writeHead(200, { ...CORS_HEADERS, "Content-Type": "text/plain; charset=utf-8" }).end("OK");
      return;
    }
    if (pathname === `${MAIL_SINK_PREFIX}/messages.json`) {
      if (req.method === "DELETE") {
        await this.clear();
        sendJson(res, 200, { cleared: true }, CORS_HEADERS);
        return;
      }
      sendJson(res, 200, this.messages, CORS_HEADERS);
      return;
    }
    if (pathname === MAIL_SINK_PREFIX || pathname === `${MAIL_SINK_PREFIX}/`) {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(this.renderHtml());
      return;
    }
    throw new HttpError(404, "Not found");
  }

  private renderHtml(): string {
    const items = [...this.messages]
      .reverse()
      .map((m) => {
        const rows = Object.entries(m.template_params)
          .map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`)
          .join("");
        return `<article><h2>${escapeHtml(m.template_id)} <small>${escapeHtml(m.receivedAt)} · ${escapeHtml(m.service_id)}</small></h2><table>${rows}</table></article>`;
      })
      .join("\n");
    return `<!doctype html>
<html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>メール受信箱 (local mail sink)</title>
<style>body{font-family:system-ui,"Hiragino Sans","Noto Sans JP",sans-serif;margin:2rem;max-width:60rem;color:#222}
article{border:1px solid #ddd;border-radius:8px;padding:1rem;margin:1rem 0}h2{font-size:1.1rem;margin:0 0 .5rem}
small{color:#777;font-weight:normal}th{text-align:left;padding-right:1rem;vertical-align:top;color:#555}td{white-space:pre-wrap}</style>
</head><body><h1>メール受信箱 <small>${this.messages.length} 件</small></h1>
${items || "<p>まだメールはありません。</p>"}
</body></html>`;
  }
}
