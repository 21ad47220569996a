import { fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { TagInput } from "./tag-input";

function Harness({
  initial = [] as string[],
  max,
  onReject,
}: {
  initial?: string[];
  max?: number;
  onReject?: (reason: "limit" | "duplicate") => void;
}) {
  const [tags, setTags] = useState(initial);
  return (
    <>
      <label htmlFor="tags">タグ</label>
      <TagInput id="tags" itemLabel="タグ" chipPrefix="#" value={tags} onChange={setTags} maxItems={max} onReject={onReject} />
    </>
  );
}

const box = () => screen.getByRole("textbox", { name: "タグ" });
const chips = () =>
  within(screen.getByRole("list", { name: "タグ" }))
    .getAllByRole("listitem")
    .map((li) => li.textContent);

describe("TagInput", () => {
  it("adds on Enter, on 、 and on leaving the box; strips the prefix and ignores blanks", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(box(), "##家計簿{Enter}   {Enter}節約、React,");
    await user.type(box(), "貯金");
    await user.tab();
    expect(chips()).toEqual(["#家計簿", "#節約", "#React", "#貯金"]);
    expect(box()).toHaveValue("");
  });

  it("does not add while the IME is composing", () => {
    render(<Harness />);
    fireEvent.change(box(), { target: { value: "かけいぼ" } });
    fireEvent.keyDown(box(), { key: "Enter", isComposing: true });
    expect(screen.queryByRole("list", { name: "タグ" })).toBeNull();
    expect(box()).toHaveValue("かけいぼ");
  });

  it("refuses duplicates in any case and entries past the limit, saying why", async () => {
    const user = userEvent.setup();
    const onReject = vi.fn();
    render(<Harness initial={["React"]} max={2} onReject={onReject} />);
    await user.type(box(), "react{Enter}");
    expect(onReject).toHaveBeenLastCalledWith("duplicate");
    await user.type(box(), "Vue{Enter}Svelte{Enter}");
    expect(onReject).toHaveBeenLastCalledWith("limit");
    expect(chips()).toEqual(["#React", "#Vue"]);
  });

  it("Backspace in the empty box removes the last entry; each chip has its own remove button", async () => {
    const user = userEvent.setup();
    render(<Harness initial={["a", "b", "c"]} />);
    await user.click(box());
    await user.keyboard("{Backspace}");
    expect(chips()).toEqual(["#a", "#b"]);
    await user.click(screen.getByRole("button", { name: "タグ a を削除" }));
    expect(chips()).toEqual(["#b"]);
  });
});
