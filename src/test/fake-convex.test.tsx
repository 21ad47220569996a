import { screen, waitFor } from "@testing-library/react";
import { useMutation, useQuery } from "convex/react";
import { Component, type ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import { FakeConvex, renderWithConvex } from "./fake-convex";

function UnreadCount() {
  const count = useQuery(api.notifications.unreadCount);
  return <p>{count === undefined ? "読み込み中" : `未読 ${count}`}</p>;
}

class Caught extends Component<{ children: ReactNode }, { message: string | null }> {
  state = { message: null };
  static getDerivedStateFromError(error: Error) {
    return { message: error.message };
  }
  render() {
    return this.state.message ? <p role="alert">{this.state.message}</p> : this.props.children;
  }
}

describe("FakeConvex", () => {
  it("answers a query through the real useQuery, and a push shows the new answer", async () => {
    const server: { unread?: number } = {};
    const convex = new FakeConvex().onQuery(api.notifications.unreadCount, () => server.unread);
    renderWithConvex(convex, <UnreadCount />);
    expect(screen.getByText("読み込み中")).toBeVisible();
    server.unread = 3;
    convex.push();
    expect(await screen.findByText("未読 3")).toBeVisible();
    expect(convex.callsTo(api.notifications.unreadCount)).toEqual([{}]);
  });

  it("fails loudly for a function nobody faked, instead of answering with something", () => {
    const quiet = console.error;
    console.error = () => {};
    try {
      renderWithConvex(
        new FakeConvex(),
        <Caught>
          <UnreadCount />
        </Caught>,
      );
    } finally {
      console.error = quiet;
    }
    expect(screen.getByRole("alert")).toHaveTextContent("no answer registered for query notifications:unreadCount");
  });

  it("records mutation calls and passes a thrown refusal back to the caller", async () => {
    const convex = new FakeConvex().onMutation(api.notifications.markAllRead, () => {
      throw new Error("拒否");
    });
    let refusal: unknown;
    function MarkAll() {
      const markAll = useMutation(api.notifications.markAllRead);
      return (
        <button type="button" onClick={() => markAll({}).catch((error: unknown) => (refusal = error))}>
          すべて既読にする
        </button>
      );
    }
    renderWithConvex(convex, <MarkAll />);
    screen.getByRole("button").click();
    await waitFor(() => expect(refusal).toBeInstanceOf(Error));
    expect(convex.callsTo(api.notifications.markAllRead)).toEqual([{}]);
  });
});
