import type { ProfileInput } from "./profile-form-state";

/** A profile as a new Google user starts setup: only the name is known. */
export const newUserValues: ProfileInput = {
  handle: "",
  displayName: "山田 太郎",
  bio: "",
  location: "",
  githubUrl: "",
  twitterUrl: "",
  websiteUrl: "",
};

/** A completed profile, as the edit page loads it. */
export const savedValues: ProfileInput = {
  handle: "taro_dev",
  displayName: "山田 太郎",
  bio: "AIと対話しながら、暮らしを少し便利にするWebアプリを作っています。",
  location: "東京都",
  githubUrl: "https://github.com/taro",
  twitterUrl: "",
  websiteUrl: "",
};

export const VALID_BIO = "AIと対話しながら、暮らしを少し便利にするWebアプリを作っています。";
