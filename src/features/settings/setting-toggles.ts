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
  /** When set and true, the switch has no effect now (another switch is off), so it is disabled. */
  inactive?: (settings: UserSettings) => boolean;
};

const notification = (key: keyof UserSettings["notifications"], label: string, description: string): SettingToggle => ({
  id: `notifications.${key}`,
  label,
  description,
  // An unset switch (added after the account was made) is on, as its default is.
  isOn: (s) => s.notifications[key] ?? true,
  turn: (s, on) => ({ ...s, notifications: { ...s.notifications, [key]: on } }),
});

/** What reaches the bell and the notifications page (nothing here sends e-mail). */
export const notificationToggles: readonly SettingToggle[] = [
  notification("likes", "いいね", "自分の作品にいいねがついたとき、サイト内でお知らせします"),
  notification("comments", "コメント", "自分の作品にコメントがついたとき、サイト内でお知らせします"),
  notification("follows", "フォロー", "だれかにフォローされたとき、サイト内でお知らせします"),
  notification("newProjects", "新しい作品・チャレンジ", "フォロー中のクリエイターの新作や、新しいチャレンジをサイト内でお知らせします"),
  notification("updates", "ストックした作品の更新", "ストックした作品が更新されたとき、サイト内でお知らせします"),
  notification(
    "challengeReminders",
    "チャレンジのリマインダー",
    "参加したチャレンジの提出期限や投票終了の24時間前に、サイト内でお知らせします",
  ),
];

/**
 * E-mail: メール通知 is the switch for all e-mail; comment e-mail (the only e-mail sent today)
 * goes out only when both it and コメントのメール通知 are on (model/comments.ts wantsCommentEmail).
 */
export const emailToggles: readonly SettingToggle[] = [
  notification("email", "メール通知", "メールでお知らせを受け取ります。オフにすると、メールは一通も届きません"),
  {
    id: "emailNotifications.comments",
    label: "コメントのメール通知",
    description: "自分の作品にほかの人がコメントしたとき、メールでお知らせします（「メール通知」がオンのときに届きます）",
    isOn: (s) => s.emailNotifications.comments,
    turn: (s, on) => ({ ...s, emailNotifications: { ...s.emailNotifications, comments: on } }),
    inactive: (s) => !s.notifications.email,
  },
];

export const showProjectsToggle: SettingToggle = {
  id: "privacy.showProjects",
  label: "作品を表示する",
  description: "プロフィールページで、ほかの人にも作品一覧を表示します",
  isOn: (s) => s.privacy.showProjects,
  turn: (s, on) => ({ ...s, privacy: { ...s.privacy, showProjects: on } }),
};

/** analyticsOptOut: my own visits stay out of other creators' dashboards (convex/model/analytics.ts). */
export const analyticsOptOutToggle: SettingToggle = {
  id: "privacy.analyticsOptOut",
  label: "閲覧を分析に含めない",
  description:
    "オンにすると、あなたが作品を見ても、その作品のクリエイターのダッシュボードの閲覧数には数えられません（作品ページの閲覧数には数えられます）",
  isOn: (s) => s.privacy.analyticsOptOut,
  turn: (s, on) => ({ ...s, privacy: { ...s.privacy, analyticsOptOut: on } }),
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
