import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { addDays, japanDate } from "../../../convex/model/japanTime";
import { JUDGING_MESSAGES } from "../../../convex/model/judgingRules";
import { ChallengeForm } from "./challenge-form";

function renderForm() {
  const onSubmit = vi.fn(() => Promise.resolve(null));
  render(<ChallengeForm onSubmit={onSubmit} onCancel={vi.fn()} />);
  return { user: userEvent.setup(), onSubmit };
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole("textbox", { name: /^タイトル/ }), "審査つきコンテスト");
  await user.type(screen.getByRole("textbox", { name: /^説明/ }), "審査員が審査します");
  await user.type(screen.getByRole("textbox", { name: /^要件・ルール/ }), "ブラウザで遊べること");
  fireEvent.change(screen.getByLabelText(/^終了日/), { target: { value: addDays(japanDate(Date.now()), 14) } });
}

describe("the create form's judging section", () => {
  it("sends no judging while the switch is off", async () => {
    const { user, onSubmit } = renderForm();
    await fillValid(user);
    await user.click(screen.getByRole("button", { name: "チャレンジを作成" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]!).not.toHaveProperty("0.judging");
  });

  it("sends the criteria and weight, and refuses a nameless criterion before sending", async () => {
    const { user, onSubmit } = renderForm();
    await fillValid(user);
    await user.click(screen.getByRole("switch", { name: /審査員による審査/ }));
    await user.click(screen.getByRole("button", { name: "チャレンジを作成" }));
    expect(await screen.findByText(JUDGING_MESSAGES.criterionNameRequired)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(screen.getByRole("textbox", { name: "審査基準1の名前" }), "アイデア");
    await user.click(screen.getByRole("button", { name: "審査基準を追加" }));
    await user.type(screen.getByRole("textbox", { name: "審査基準2の名前" }), "完成度");
    const weights = screen.getAllByRole("spinbutton", { name: "重み" });
    await user.clear(weights[0]!);
    await user.type(weights[0]!, "2");
    await user.click(screen.getByRole("button", { name: "チャレンジを作成" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]).toMatchObject([
      {
        judging: {
          criteria: [
            { name: "アイデア", description: "", weight: 2 },
            { name: "完成度", description: "", weight: 1 },
          ],
          judgeWeight: 70,
        },
      },
    ]);
  });
});
