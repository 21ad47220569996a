import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { FunctionArgs, FunctionReturnType } from "convex/server";
import { ConvexError } from "convex/values";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "../../../convex/_generated/api";
import { CHALLENGE_MESSAGES } from "../../../convex/model/challengeTerms";
import { addDays, japanDate } from "../../../convex/model/japanTime";
import { ToastProvider } from "@/components/ui/toast-provider";
import { fakeId, FakeConvex, renderWithConvex } from "@/test/fake-convex";
import { CreateChallengePage } from "./create-challenge-page";

type CreateChallenge = typeof api.challenges.create;
type FakeServer = {
  viewer: "signedIn" | "signedOut";
  create: (args: FunctionArgs<CreateChallenge>) => Promise<FunctionReturnType<CreateChallenge>>;
};
const server = vi.hoisted((): FakeServer => ({ viewer: "signedIn", create: () => Promise.reject(new Error("set in beforeEach")) }));

vi.mock("@/lib/use-viewer", () => ({
  useViewer: () => (server.viewer === "signedIn" ? { status: "signedIn", viewer: { _id: "u1" } } : { status: "signedOut", viewer: null }),
}));
const convex = new FakeConvex().onMutation(api.challenges.create, (args) => server.create(args));

function Elsewhere() {
  return <p data-testid="path">{useLocation().pathname}</p>;
}

function renderPage() {
  renderWithConvex(
    convex,
    <ToastProvider>
      <MemoryRouter initialEntries={["/challenges/create"]}>
        <Routes>
          <Route path="/challenges/create" element={<CreateChallengePage />} />
          <Route path="/challenges" element={<Elsewhere />} />
          <Route path="/challenges/:id" element={<Elsewhere />} />
        </Routes>
      </MemoryRouter>
    </ToastProvider>,
  );
  return userEvent.setup();
}

const endDay = () => addDays(japanDate(Date.now()), 7);

async function fillAndSend(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole("textbox", { name: /^タイトル/ }), " 写真アプリ週間 ");
  await user.type(screen.getByRole("textbox", { name: /^説明/ }), "写真を使ったアプリを作ろう");
  await user.type(screen.getByRole("textbox", { name: /^要件・ルール/ }), "AIを使うこと");
  fireEvent.change(screen.getByLabelText(/^終了日/), { target: { value: endDay() } });
  await user.click(screen.getByRole("button", { name: "チャレンジを作成" }));
}

beforeEach(() => {
  server.viewer = "signedIn";
  server.create = vi.fn(() => Promise.resolve(fakeId("challenges", "new-id")));
});

describe("CreateChallengePage", () => {
  it("asks a signed-out visitor to sign in, in place", () => {
    server.viewer = "signedOut";
    renderPage();
    expect(screen.getByRole("heading", { name: "ログインが必要です" })).toBeVisible();
    expect(screen.getByText(/チャレンジを作成するには/)).toBeVisible();
    expect(screen.queryByRole("textbox", { name: /^タイトル/ })).not.toBeInTheDocument();
  });

  it("creates the challenge, says so and opens it", async () => {
    const user = renderPage();
    await fillAndSend(user);
    expect(server.create).toHaveBeenCalledWith({
      title: "写真アプリ週間",
      description: "写真を使ったアプリを作ろう",
      requirements: "AIを使うこと",
      endDate: endDay(),
      prize: false,
      prizeDescription: "",
      tags: [],
      votingRules: { voters: "anyone", hideCounts: false },
    });
    expect(await screen.findByText("チャレンジを作成しました！", { selector: "div" })).toBeVisible();
    expect(screen.getByTestId("path")).toHaveTextContent("/challenges/new-id");
  });

  it("shows the server's field messages and the SPEC failure toast", async () => {
    server.create = () =>
      Promise.reject(
        new ConvexError({
          code: "INVALID_INPUT",
          message: CHALLENGE_MESSAGES.endDateTooEarly,
          fields: { endDate: CHALLENGE_MESSAGES.endDateTooEarly },
        }),
      );
    const user = renderPage();
    await fillAndSend(user);
    expect(await screen.findByText(CHALLENGE_MESSAGES.createFailed, { selector: "div" })).toBeVisible();
    expect(screen.getByLabelText(/^終了日/)).toHaveAccessibleDescription(new RegExp(CHALLENGE_MESSAGES.endDateTooEarly));
    expect(screen.getByRole("button", { name: "チャレンジを作成" })).toBeEnabled();
  });

  it("shows the server's message when creating too often", async () => {
    const message = "操作が多すぎます。42秒後にもう一度お試しください";
    server.create = () => Promise.reject(new ConvexError({ code: "RATE_LIMITED", message }));
    const user = renderPage();
    await fillAndSend(user);
    expect(await screen.findByText(message, { selector: "div" })).toBeVisible();
    expect(screen.queryByText(CHALLENGE_MESSAGES.createFailed, { selector: "div" })).not.toBeInTheDocument();
  });

  it("goes back to the list on キャンセル", async () => {
    const user = renderPage();
    await user.click(screen.getByRole("button", { name: "キャンセル" }));
    expect(screen.getByTestId("path")).toHaveTextContent(/^\/challenges$/);
  });
});
