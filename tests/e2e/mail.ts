import { inject } from "vitest";

export interface SinkMessage {
  template_params: Record<string, unknown>;
}

/** The message in the backend's mail sink whose comment is `content`, once it has arrived. */
export async function waitForMail(content: string): Promise<SinkMessage> {
  const url = `${inject("convexUrl")}/mail-sink/messages.json`;
  for (;;) {
    const messages = (await (await fetch(url)).json()) as SinkMessage[];
    const found = messages.find((m) => m.template_params.comment_content === content);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
