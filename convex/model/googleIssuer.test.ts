import { describe, expect, test } from "vitest";
import { googleIssuerOverride } from "./googleIssuer";

describe("AUTH_GOOGLE_ISSUER", () => {
  test("unset means real Google", () => {
    expect(googleIssuerOverride(undefined)).toBeUndefined();
    expect(googleIssuerOverride("")).toBeUndefined();
  });

  test("a loopback http URL points sign-in at the local stand-in, unchanged", () => {
    expect(googleIssuerOverride("http://127.0.0.1:3212")).toBe("http://127.0.0.1:3212");
    expect(googleIssuerOverride("http://localhost:4000")).toBe("http://localhost:4000");
  });

  test("anything else is refused", () => {
    for (const value of ["https://accounts.example.com", "http://10.0.0.5:3212", "https://127.0.0.1:3212", "not a url"]) {
      expect(() => googleIssuerOverride(value)).toThrow(/AUTH_GOOGLE_ISSUER/);
    }
  });
});
