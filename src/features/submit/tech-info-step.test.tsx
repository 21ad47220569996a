import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { LIMITS } from "../../../convex/constants";
import { WORK_MESSAGES } from "../../../convex/model/workRules";
import { TechInfoStep } from "./tech-info-step";
import { EMPTY_WORK, useWorkForm } from "./work-form-state";

function Harness() {
  const { values, errors, setField, setError } = useWorkForm(EMPTY_WORK);
  return <TechInfoStep values={values} errors={errors} onChange={setField} onError={setError} zeroCodeLocked={false} />;
}

describe("TechInfoStep tags", () => {
  it("pasting more than 10 tags adds the first 10 and says the limit", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const tags = Array.from({ length: LIMITS.tagsMax + 2 }, (_, i) => `tag${i + 1}`);
    await user.click(screen.getByRole("textbox", { name: /タグ/ }));
    await user.paste(tags.join(", "));
    const chips = within(screen.getByRole("list", { name: "タグ" })).getAllByRole("listitem");
    expect(chips.map((chip) => chip.textContent)).toEqual(tags.slice(0, LIMITS.tagsMax).map((tag) => `#${tag}`));
    expect(await screen.findByText(WORK_MESSAGES.tagsTooMany)).toBeVisible();
    expect(WORK_MESSAGES.tagsTooMany).toBe("タグは最大10個まで追加できます");
  });

  it("says the limit when exactly one tag too many is pasted, one per line", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const tags = Array.from({ length: LIMITS.tagsMax + 1 }, (_, i) => `タグ${i + 1}`);
    await user.click(screen.getByRole("textbox", { name: /タグ/ }));
    await user.paste(tags.join("\n"));
    expect(within(screen.getByRole("list", { name: "タグ" })).getAllByRole("listitem")).toHaveLength(LIMITS.tagsMax);
    expect(screen.getByText(WORK_MESSAGES.tagsTooMany)).toBeVisible();
  });
});
