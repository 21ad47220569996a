import { describe, expect, it } from "vitest";
import { parseIdentity, profileClaims, splitName, subjectForEmail } from "../src/identity.js";

describe("subjectForEmail", () => {
  it("is stable, case- and whitespace-insensitive, and differs between emails", () => {
    expect(subjectForEmail("a@example.com")).toBe(subjectForEmail(" A@Example.com "));
    expect(subjectForEmail("a@example.com")).not.toBe(subjectForEmail("b@example.com"));
    expect(subjectForEmail("a@example.com")).toMatch(/^1\d{20}$/);
  });
});

describe("splitName", () => {
  it.each([
    ["山田 花子", { family_name: "山田", given_name: "花子" }],
    ["山田　花子", { family_name: "山田", given_name: "花子" }],
    ["Test User", { given_name: "Test", family_name: "User" }],
    ["Mary Ann Smith", { given_name: "Mary Ann", family_name: "Smith" }],
    ["Prince", { given_name: "Prince" }],
    ["  ", {}],
  ])("%s", (name, expected) => {
    expect(splitName(name)).toEqual(expected);
  });
});

describe("parseIdentity", () => {
  it("trims and lower-cases the email and drops an empty picture", () => {
    expect(parseIdentity({ name: " Ann ", email: " Ann@Example.COM ", picture: " " })).toEqual({
      identity: { name: "Ann", email: "ann@example.com" },
    });
  });

  it("refuses missing fields, bad emails and non-http pictures", () => {
    expect(parseIdentity({ name: "", email: "" })).toEqual({
      errors: { name: "名前を入力してください", email: "メールアドレスを入力してください" },
    });
    expect(parseIdentity({ name: "x", email: "a@b", picture: "data:image/png;base64,AA" })).toEqual({
      errors: {
        email: "メールアドレスの形式が正しくありません",
        picture: "画像URLは http:// または https:// で始まるURLを入力してください",
      },
    });
  });
});

describe("profileClaims", () => {
  it("builds Google-shaped claims with a generated picture on the issuer", () => {
    const claims = profileClaims("http://127.0.0.1:3212", { name: "山田 花子", email: "hanako@example.com" });
    expect(claims).toEqual({
      sub: subjectForEmail("hanako@example.com"),
      name: "山田 花子",
      family_name: "山田",
      given_name: "花子",
      picture: `http://127.0.0.1:3212/avatar/${subjectForEmail("hanako@example.com")}.svg?name=%E5%B1%B1%E7%94%B0%20%E8%8A%B1%E5%AD%90`,
      email: "hanako@example.com",
      email_verified: true,
    });
  });
});
