import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { CHALLENGE_MESSAGES } from "../../../convex/model/challengeTerms";
import { addDays, japanDate } from "../../../convex/model/japanTime";
import { ChallengeForm, type ChallengeFormProps } from "./challenge-form";
import type { ChallengeFieldErrors } from "./challenge-form-state";

function renderForm(overrides: Partial<ChallengeFormProps> = {}) {
  const props: ChallengeFormProps = {
    onSubmit: vi.fn(() => Promise.resolve(null)),
    onCancel: vi.fn(),
    ...overrides,
  };
  render(<ChallengeForm {...props} />);
  return { user: userEvent.setup(), props };
}

const title = () => screen.getByRole("textbox", { name: /^タイトル/ });
const description = () => screen.getByRole("textbox", { name: /^説明/ });
const requirements = () => screen.getByRole("textbox", { name: /^要件・ルール/ });
const endDate = () => screen.getByLabelText<HTMLInputElement>(/^終了日/);
const prizeSwitch = () => screen.getByRole("switch", { name: "賞品あり" });
const prizeDetail = () => screen.getByRole("textbox", { name: /^賞品の詳細/ });
const tags = () => screen.getByRole("textbox", { name: /^タグ/ });
const submit = () => screen.getByRole("button", { name: "チャレンジを作成" });

const today = () => japanDate(Date.now());
const pickDate = (day: string) => fireEvent.change(endDate(), { target: { value: day } });

/** Fills every required field with valid values, padded with spaces. */
async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(title(), "  ミニゲーム選手権 ");
  await user.type(description(), " 1週間でミニゲームを作ろう ");
  await user.type(requirements(), "  ブラウザで遊べること ");
  pickDate(addDays(today(), 14));
}

describe("ChallengeForm validation", () => {
  it("shows the required messages under their fields and focuses the first", async () => {
    const { user, props } = renderForm();
    await user.click(submit());
    expect(title()).toHaveAccessibleDescription(new RegExp(CHALLENGE_MESSAGES.titleRequired));
    expect(description()).toHaveAccessibleDescription(new RegExp(CHALLENGE_MESSAGES.descriptionRequired));
    expect(requirements()).toHaveAccessibleDescription(new RegExp(CHALLENGE_MESSAGES.requirementsRequired));
    expect(endDate()).toHaveAccessibleDescription(new RegExp(CHALLENGE_MESSAGES.endDateRequired));
    expect(title()).toHaveFocus();
    expect(props.onSubmit).not.toHaveBeenCalled();
  });

  it("treats blank text as missing", async () => {
    const { user } = renderForm();
    await user.type(title(), "   ");
    await user.type(description(), "  ");
    await user.type(requirements(), " ");
    await user.click(submit());
    expect(screen.getByText(CHALLENGE_MESSAGES.titleRequired)).toBeVisible();
    expect(screen.getByText(CHALLENGE_MESSAGES.descriptionRequired)).toBeVisible();
    expect(screen.getByText(CHALLENGE_MESSAGES.requirementsRequired)).toBeVisible();
  });

  it("refuses a 101-character title and a 1001-character description, with counters", async () => {
    const { user, props } = renderForm();
    await fillValid(user);
    fireEvent.change(title(), { target: { value: "あ".repeat(101) } });
    fireEvent.change(description(), { target: { value: "い".repeat(1001) } });
    expect(screen.getByText("101/100")).toBeVisible();
    expect(screen.getByText("1001/1000")).toBeVisible();
    await user.click(submit());
    expect(title()).toHaveAccessibleDescription(new RegExp(CHALLENGE_MESSAGES.titleTooLong));
    expect(description()).toHaveAccessibleDescription(new RegExp(CHALLENGE_MESSAGES.descriptionTooLong));
    expect(title()).toHaveFocus();
    expect(props.onSubmit).not.toHaveBeenCalled();
  });

  it("accepts exactly 100 and 1000 characters", async () => {
    const { user, props } = renderForm();
    await fillValid(user);
    fireEvent.change(title(), { target: { value: "あ".repeat(100) } });
    fireEvent.change(description(), { target: { value: "い".repeat(1000) } });
    await user.click(submit());
    expect(props.onSubmit).toHaveBeenCalledOnce();
  });

  it("offers tomorrow at the earliest, hints at 1 to 4 weeks, and refuses today", async () => {
    const { user, props } = renderForm();
    expect(endDate()).toHaveAttribute("min", addDays(today(), 1));
    expect(endDate()).toHaveAccessibleDescription(new RegExp(CHALLENGE_MESSAGES.durationHint));
    await fillValid(user);
    pickDate(today());
    await user.click(submit());
    expect(endDate()).toHaveAccessibleDescription(new RegExp(CHALLENGE_MESSAGES.endDateTooEarly));
    expect(endDate()).toHaveFocus();
    expect(props.onSubmit).not.toHaveBeenCalled();
  });

  it("asks for the prize detail only while the prize is on", async () => {
    const { user, props } = renderForm();
    expect(screen.queryByRole("textbox", { name: /^賞品の詳細/ })).not.toBeInTheDocument();
    await fillValid(user);
    await user.click(prizeSwitch());
    await user.click(submit());
    expect(prizeDetail()).toHaveAccessibleDescription(new RegExp(CHALLENGE_MESSAGES.prizeRequired));
    expect(prizeDetail()).toHaveFocus();
    expect(props.onSubmit).not.toHaveBeenCalled();

    // Turning the prize off again hides the field and its message.
    await user.click(prizeSwitch());
    expect(screen.queryByText(CHALLENGE_MESSAGES.prizeRequired)).not.toBeInTheDocument();
    await user.click(submit());
    expect(props.onSubmit).toHaveBeenCalledOnce();
  });

  it("clears a field's message as it is edited", async () => {
    const { user } = renderForm();
    await user.click(submit());
    await user.type(title(), "テーマ");
    expect(screen.queryByText(CHALLENGE_MESSAGES.titleRequired)).not.toBeInTheDocument();
    expect(screen.getByText(CHALLENGE_MESSAGES.descriptionRequired)).toBeVisible();
  });
});

describe("ChallengeForm submit", () => {
  it("sends trimmed values with trimmed, unique tags", async () => {
    const { user, props } = renderForm();
    await fillValid(user);
    await user.click(prizeSwitch());
    await user.type(prizeDetail(), "  ギフトカード ");
    await user.type(tags(), " ゲーム {Enter}#AI{Enter}ゲーム{Enter}");
    await user.click(submit());
    expect(props.onSubmit).toHaveBeenCalledWith({
      title: "ミニゲーム選手権",
      description: "1週間でミニゲームを作ろう",
      requirements: "ブラウザで遊べること",
      endDate: addDays(today(), 14),
      prize: true,
      prizeDescription: "ギフトカード",
      tags: ["ゲーム", "AI"],
      votingRules: { voters: "anyone", hideCounts: false },
    });
  });

  it("sends the voting rules chosen: who may vote and hidden counts", async () => {
    const { user, props } = renderForm();
    await fillValid(user);
    const rules = screen.getByRole("group", { name: "投票のルール" });
    expect(within(rules).getByRole("radio", { name: /ログインしているすべての人/ })).toBeChecked();
    await user.click(within(rules).getByRole("radio", { name: /作品を1件以上投稿した人/ }));
    await user.click(within(rules).getByRole("switch", { name: "投票数を終了まで非公開" }));
    await user.click(submit());
    expect(props.onSubmit).toHaveBeenCalledWith(expect.objectContaining({ votingRules: { voters: "creators", hideCounts: true } }));
  });

  it("disables the button while sending, then shows what the server refused", async () => {
    let settle!: (errors: ChallengeFieldErrors | null) => void;
    const onSubmit = vi.fn(() => new Promise<ChallengeFieldErrors | null>((resolve) => (settle = resolve)));
    const { user } = renderForm({ onSubmit });
    await fillValid(user);
    await user.click(submit());
    expect(submit()).toBeDisabled();
    expect(submit()).toHaveAttribute("aria-busy", "true");
    settle({ endDate: CHALLENGE_MESSAGES.endDateTooEarly });
    expect(await screen.findByText(CHALLENGE_MESSAGES.endDateTooEarly)).toBeVisible();
    // Focus moves in an effect after the message renders: on a busy machine, a moment later.
    await waitFor(() => expect(endDate()).toHaveFocus());
    await waitFor(() => expect(submit()).toBeEnabled());
  });
});

describe("ChallengeForm cancel", () => {
  it("leaves at once when nothing was entered", async () => {
    const { user, props } = renderForm();
    await user.click(screen.getByRole("button", { name: "キャンセル" }));
    expect(props.onCancel).toHaveBeenCalledOnce();
  });

  it("asks before throwing away what was entered", async () => {
    const { user, props } = renderForm();
    await user.type(title(), "下書き");
    await user.click(screen.getByRole("button", { name: "キャンセル" }));
    expect(props.onCancel).not.toHaveBeenCalled();
    await user.click(await screen.findByRole("button", { name: "破棄する" }));
    expect(props.onCancel).toHaveBeenCalledOnce();
  });
});
