import { afterEach, describe, expect, it } from "vitest";
import { newUserValues } from "./profile-form.testkit";
import { forgetSkippedSetup, setupSkipped, skippedDraft, skipSetup } from "./setup-skip";

afterEach(() => {
  forgetSkippedSetup();
  sessionStorage.clear();
});

describe("skipped profile setup", () => {
  it("is remembered for the user who skipped, with what they typed, until setup is finished", () => {
    expect(setupSkipped("user_1")).toBe(false);
    skipSetup("user_1", { ...newUserValues, handle: "taro_dev", bio: "途中まで" });
    expect(setupSkipped("user_1")).toBe(true);
    expect(setupSkipped("user_2")).toBe(false);
    expect(skippedDraft("user_1", newUserValues)).toEqual({ ...newUserValues, handle: "taro_dev", bio: "途中まで" });
    expect(skippedDraft("user_2", newUserValues)).toEqual(newUserValues);
    forgetSkippedSetup();
    expect(setupSkipped("user_1")).toBe(false);
    expect(skippedDraft("user_1", newUserValues)).toEqual(newUserValues);
  });

  it("ignores a damaged stored value", () => {
    sessionStorage.setItem("vibe-gallery:profile-setup-skipped", "{not json");
    expect(setupSkipped("user_1")).toBe(false);
    sessionStorage.setItem("vibe-gallery:profile-setup-skipped", JSON.stringify({ userId: "user_1", draft: { bio: 3 } }));
    expect(skippedDraft("user_1", newUserValues)).toEqual(newUserValues);
  });
});
