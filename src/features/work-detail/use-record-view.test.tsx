import { render } from "@testing-library/react";
import { ConvexProvider } from "convex/react";
import type { FunctionArgs, FunctionReturnType } from "convex/server";
import { StrictMode } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { SESSION_ID_KEY } from "@/lib/anonymous-session";
import { FakeConvex } from "@/test/fake-convex";
import { useRecordView } from "./use-record-view";

type RecordView = typeof api.views.record;
const record = vi.fn<(args: FunctionArgs<RecordView>) => Promise<FunctionReturnType<RecordView>>>();
const convex = new FakeConvex().onMutation(api.views.record, record);
const InConvex = ({ children }: { children: React.ReactNode }) => <ConvexProvider client={convex.client}>{children}</ConvexProvider>;
const InStrictConvex = ({ children }: { children: React.ReactNode }) => (
  <StrictMode>
    <InConvex>{children}</InConvex>
  </StrictMode>
);

function Visit({ id }: { id: string | undefined }) {
  useRecordView(id as Id<"projects"> | undefined);
  return null;
}

beforeEach(() => {
  localStorage.clear();
  record.mockReset();
  record.mockResolvedValue(null);
});

describe("useRecordView", () => {
  it("sends views.record once per visit with this browser's session id", () => {
    const { rerender } = render(<Visit id={undefined} />, { wrapper: InStrictConvex });
    expect(record).not.toHaveBeenCalled();
    rerender(<Visit id="work-1" />);
    rerender(<Visit id="work-1" />);
    const sessionId = localStorage.getItem(SESSION_ID_KEY);
    expect(sessionId).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(record.mock.calls).toEqual([[{ projectId: "work-1", sessionId }]]);
    // The same browser keeps its id for the next work.
    rerender(<Visit id="work-2" />);
    expect(record).toHaveBeenLastCalledWith({ projectId: "work-2", sessionId });
  });

  it("swallows a failed view: the page never hears of it", async () => {
    const unhandled = vi.fn();
    process.on("unhandledRejection", unhandled);
    record.mockRejectedValue(new Error("offline"));
    render(<Visit id="work-1" />, { wrapper: InConvex });
    await new Promise((resolve) => setTimeout(resolve, 0));
    process.off("unhandledRejection", unhandled);
    expect(record).toHaveBeenCalledTimes(1);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
