import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "./fixture/convex/_generated/api";
import { type Harness, startHarness } from "./helpers";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.stop();
});

describe("HTTP actions on the site port", () => {
  it("answers a GET route with the request's real URL", async () => {
    const response = await fetch(`${h.backend.siteUrl}/hello?name=花子`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(await response.json()).toEqual({ hello: "花子", origin: h.backend.siteUrl, subject: null });
  });

  it("runs mutations from an HTTP action and updates subscribers", async () => {
    const response = await fetch(`${h.backend.siteUrl}/bump`, { method: "POST", body: JSON.stringify({ name: "site" }) });
    expect(response.status).toBe(201);
    expect(await response.text()).toBe("1");
    expect(await h.http().query(api.counter.get, { name: "site" })).toBe(1);
  });

  it("answers 404 for unknown routes", async () => {
    expect((await fetch(`${h.backend.siteUrl}/nope`)).status).toBe(404);
  });
});

describe("mail sink", () => {
  it("stores an EmailJS-style message and lists it as HTML and JSON", async () => {
    const response = await fetch(h.backend.mailSendUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        service_id: "service_local",
        template_id: "template_comment",
        user_id: "public-key",
        template_params: { to_email: "sakura@example.com", message: "新しいコメントが届きました" },
      }),
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("OK");

    const list = (await (await fetch(`${h.backend.mailSinkUrl}/messages.json`)).json()) as Array<Record<string, unknown>>;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      template_id: "template_comment",
      template_params: { to_email: "sakura@example.com", message: "新しいコメントが届きました" },
    });
    const page = await fetch(h.backend.mailSinkUrl);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await page.text()).toContain("新しいコメントが届きました");

    // Messages are kept in the data dir.
    await h.restart();
    expect(h.backend.mail.list()).toHaveLength(1);
    await h.backend.mail.clear();
    expect(h.backend.mail.list()).toEqual([]);
  });

  it("rejects a send without service and template ids", async () => {
    const response = await fetch(h.backend.mailSendUrl, { method: "POST", body: "{}" });
    expect(response.status).toBe(400);
  });
});
