import type { UserSettings } from "../../../convex/schema";

export type { UserSettings };

/** One on/off setting: how the switch reads and writes the stored settings object. */
export type SettingToggle = {
  id: string;
  label: string;
  description: string;
  isOn: (settings: UserSettings) => boolean;
  /** The whole settings object with this switch turned on or off (updateSettings takes it all). */
  turn: (settings: UserSettings, on: boolean) => UserSettings;
};

const notification = (
  key: keyof UserSettings["notifications"],
  label: string,
  description: string,
): SettingToggle => ({
  id: `notifications.${key}`,
  label,
  description,
  // An unset switch (added after the account was made) is on, as its default is.
  isOn: (s) => s.notifications[key] ?? true,
  turn: (s, on) => ({ ...s, notifications: { ...s.notifications, [key]: on } }),
});

export const notificationToggles: readonly SettingToggle[] = [
  notification("likes", "いいね", "作品にいいねがついたときにお知らせします"),
  notification("comments", "コメント", "作品にコメントがついたときにお知らせします"),
  notification("newProjects", "新しい作品・チャレンジ", "新しいチャレンジが始まったときなどにお知らせします"),
  notification("updates", "ストックした作品の更新", "ストックした作品が更新されたときにお知らせします"),
  notification("email", "メール通知", "お知らせをメールでも受け取ります"),
];

export const commentEmailToggle: SettingToggle = {
  id: "emailNotifications.comments",
  label: "コメントのメール通知",
  description: "自分の作品にほかの人がコメントしたとき、メールでお知らせします",
  isOn: (s) => s.emailNotifications.comments,
  turn: (s, on) => ({ ...s, emailNotifications: { ...s.emailNotifications, comments: on } }),
};

export const showProjectsToggle: SettingToggle = {
  id: "privacy.showProjects",
  label: "作品を表示する",
  description: "プロフィールページで、ほかの人にも作品一覧を表示します",
  isOn: (s) => s.privacy.showProjects,
  turn: (s, on) => ({ ...s, privacy: { ...s.privacy, showProjects: on } }),
};

/** The stored flag is showEmail, so "hide" is its opposite: switching hide on stores false. */
export const hideEmailToggle: SettingToggle = {
  id: "privacy.hideEmail",
  label: "メールアドレスを非表示にする",
  description: "ほかの人にはメールアドレスを見せません",
  isOn: (s) => !s.privacy.showEmail,
  turn: (s, on) => ({ ...s, privacy: { ...s.privacy, showEmail: !on } }),
};

export type ProfileVisibility = UserSettings["privacy"]["profileVisibility"];

export function withVisibility(settings: UserSettings, profileVisibility: ProfileVisibility): UserSettings {
  return { ...settings, privacy: { ...settings.privacy, profileVisibility } };
}
