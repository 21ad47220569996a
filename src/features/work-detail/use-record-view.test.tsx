import { render } from "@testing-library/react";
import { StrictMode } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Id } from "../../../convex/_generated/dataModel";
import { SESSION_ID_KEY } from "@/lib/anonymous-session";
import { useRecordView } from "./use-record-view";

const server = vi.hoisted(() => ({ record: vi.fn((_args: unknown) => Promise.resolve(null)) }));
vi.mock("convex/react", () => ({ useMutation: () => server.record }));

function Visit({ id }: { id: string | undefined }) {
  useRecordView(id as Id<"projects"> | undefined);
  return null;
}

beforeEach(() => {
  localStorage.clear();
  server.record.mockReset();
  server.record.mockResolvedValue(null);
});

describe("useRecordView", () => {
  it("sends views.record once per visit with this browser's session id", () => {
    const { rerender } = render(<Visit id={undefined} />, { wrapper: StrictMode });
    expect(server.record).not.toHaveBeenCalled();
    rerender(<Visit id="work-1" />);
    rerender(<Visit id="work-1" />);
    const sessionId = localStorage.getItem(SESSION_ID_KEY);
    expect(sessionId).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(server.record.mock.calls).toEqual([[{ projectId: "work-1", sessionId }]]);
    // The same browser keeps its id for the next work.
    rerender(<Visit id="work-2" />);
    expect(server.record).toHaveBeenLastCalledWith({ projectId: "work-2", sessionId });
  });

  it("swallows a failed view: the page never hears of it", async () => {
    const unhandled = vi.fn();
    process.on("unhandledRejection", unhandled);
    server.record.mockRejectedValue(new Error("offline"));
    render(<Visit id="work-1" />);
    await new Promise((resolve) => setTimeout(resolve, 0));
    process.off("unhandledRejection", unhandled);
    expect(server.record).toHaveBeenCalledTimes(1);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
