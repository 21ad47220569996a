import { describe, expect, test } from "vitest";
import { bellLabel, notificationTarget, unreadBadgeText, type NotificationItem } from "./notification-target";

const base: NotificationItem = {
  _id: "n1" as NotificationItem["_id"],
  type: "like",
  title: "いいねされました",
  message: "m",
  read: false,
  createdAt: 0,
  count: 1,
  commentPreview: null,
  from: { _id: "u1" as NonNullable<NotificationItem["from"]>["_id"], handle: "fan", displayName: "ファン", photoUrl: null },
  badge: null,
  projectId: "p1" as NotificationItem["projectId"],
  challengeId: null,
};

describe("notificationTarget", () => {
  test("each type leads to what it is about", () => {
    expect(notificationTarget(base, "me")).toBe("/projects/p1");
    expect(notificationTarget({ ...base, type: "comment" }, "me")).toBe("/projects/p1");
    expect(notificationTarget({ ...base, type: "follow", projectId: null }, "me")).toBe("/profile/fan");
    expect(notificationTarget({ ...base, type: "badge", from: null, projectId: null }, "me")).toBe("/profile/me?tab=achievements");
    for (const type of ["challenge_created", "challenge_submission", "challenge_winner", "challenge_reminder"] as const) {
      expect(notificationTarget({ ...base, type, projectId: null, challengeId: "c1" as NotificationItem["challengeId"] }, "me")).toBe(
        "/challenges/c1",
      );
    }
  });

  test("several new challenges in one item lead to the challenge list", () => {
    const challengeId = "c1" as NotificationItem["challengeId"];
    expect(notificationTarget({ ...base, type: "challenge_created", projectId: null, challengeId, count: 3 }, "me")).toBe("/challenges");
    expect(notificationTarget({ ...base, type: "challenge_created", projectId: null, challengeId }, "me")).toBe("/challenges/c1");
  });

  test("nothing to go to when the work or the follower is gone", () => {
    expect(notificationTarget({ ...base, projectId: null }, "me")).toBeNull();
    expect(notificationTarget({ ...base, type: "follow", from: null }, "me")).toBeNull();
  });
});

describe("unreadBadgeText", () => {
  test("hidden at 0, the number up to 9, then 9+", () => {
    expect(unreadBadgeText(0)).toBeNull();
    expect(unreadBadgeText(1)).toBe("1");
    expect(unreadBadgeText(9)).toBe("9");
    expect(unreadBadgeText(10)).toBe("9+");
  });
});

describe("bellLabel", () => {
  test("says the real number, where the badge stops at 9+", () => {
    expect(bellLabel(0)).toBe("通知");
    expect(bellLabel(2)).toBe("通知：未読 2 件");
    expect(bellLabel(23)).toBe("通知：未読 23 件");
    expect(unreadBadgeText(23)).toBe("9+");
  });
});
