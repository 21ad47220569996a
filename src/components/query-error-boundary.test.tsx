import { render, screen } from "@testing-library/react";
import { ConvexError } from "convex/values";
import { afterEach, describe, expect, it, vi } from "vitest";
import { QueryErrorBoundary } from "./query-error-boundary";

function Throws({ error }: { error?: Error }): null {
  if (error) throw error;
  return null;
}

afterEach(() => vi.restoreAllMocks());

describe("QueryErrorBoundary", () => {
  it("shows the server's message as 'エラー: {message}' with a reload button", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    render(
      <QueryErrorBoundary>
        <Throws error={new ConvexError({ code: "INVALID", message: "検索語が長すぎます" })} />
      </QueryErrorBoundary>,
    );
    expect(screen.getByRole("alert")).toHaveTextContent("エラー: 検索語が長すぎます");
    expect(screen.getByRole("button", { name: "再読み込み" })).toBeInTheDocument();
  });

  it("does not leak internals of unexpected failures, and retries when the key changes", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { rerender } = render(
      <QueryErrorBoundary resetKey="a">
        <Throws error={new Error("[CONVEX Q(projects:list)] Server Error")} />
      </QueryErrorBoundary>,
    );
    expect(screen.getByRole("alert")).toHaveTextContent("エラー: エラーが発生しました");
    rerender(
      <QueryErrorBoundary resetKey="b">
        <p>ok</p>
      </QueryErrorBoundary>,
    );
    expect(screen.getByText("ok")).toBeInTheDocument();
  });
});
