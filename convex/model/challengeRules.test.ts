// The challenge rules shared by the server and the create form: Japanese calendar days, the
// countdown, and every message of the form.
import { describe, expect, test } from "vitest";
import { LIMITS } from "../constants";
import { normalizeChallenge, validateChallenge, type ChallengeFormInput } from "./challengeRules";
import { CHALLENGE_LIMITS, CHALLENGE_MESSAGES, daysLeft, isDay } from "./challengeTerms";
import { addDays, DAY_MS, endOfJapanDay, japanDate } from "./japanTime";
import { WORK_MESSAGES } from "./workRules";

const TODAY = "2025-01-15";
const form = (input: Partial<ChallengeFormInput> = {}): ChallengeFormInput => ({
  title: "冬のミニゲーム",
  description: "説明",
  requirements: "要件",
  endDate: "2025-01-22",
  prize: false,
  prizeDescription: "",
  tags: [],
  ...input,
});

describe("japanDate", () => {
  test("turns over at midnight in Japan, 15:00 UTC", () => {
    expect(japanDate(Date.parse("2025-01-15T14:59:59.999Z"))).toBe("2025-01-15");
    expect(japanDate(Date.parse("2025-01-15T15:00:00.000Z"))).toBe("2025-01-16");
    // Still the 14th in UTC, already the 15th in Japan.
    expect(japanDate(Date.parse("2025-01-14T20:00:00Z"))).toBe("2025-01-15");
    // Across a month and a year.
    expect(japanDate(Date.parse("2024-12-31T15:00:00Z"))).toBe("2025-01-01");
    expect(japanDate(Date.parse("2024-12-31T14:59:59Z"))).toBe("2024-12-31");
  });
});

describe("addDays and isDay", () => {
  test("addDays crosses months, leap days and years, and goes back", () => {
    expect(addDays("2025-01-15", 1)).toBe("2025-01-16");
    expect(addDays("2025-01-31", 1)).toBe("2025-02-01");
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2024-12-31", 1)).toBe("2025-01-01");
    expect(addDays("2025-01-01", -1)).toBe("2024-12-31");
    expect(addDays("2025-01-15", 365)).toBe("2026-01-15");
  });

  test("isDay accepts only real days written YYYY-MM-DD", () => {
    expect(isDay("2025-01-15")).toBe(true);
    expect(isDay("2024-02-29")).toBe(true);
    for (const bad of ["", "2025-02-29", "2025-13-01", "2025-1-5", "2025/01/15", "20250115", "2025-01-15T00:00", " 2025-01-15"]) {
      expect(isDay(bad), bad).toBe(false);
    }
  });
});

describe("endOfJapanDay", () => {
  test("is the last millisecond of that day in Japan", () => {
    const end = endOfJapanDay("2025-01-22");
    expect(end).toBe(Date.parse("2025-01-22T14:59:59.999Z"));
    expect(japanDate(end)).toBe("2025-01-22");
    expect(japanDate(end + 1)).toBe("2025-01-23");
    expect(endOfJapanDay("2025-01-23") - end).toBe(DAY_MS);
  });
});

describe("daysLeft", () => {
  const end = endOfJapanDay("2025-01-22");
  test("counts calendar days in Japan: 3 three days before, 0 on the last day and after", () => {
    expect(daysLeft(end, Date.parse("2025-01-19T03:00:00Z"))).toBe(3);
    // Just after midnight in Japan on the 19th, and just before midnight: both the 19th.
    expect(daysLeft(end, Date.parse("2025-01-18T15:00:00Z"))).toBe(3);
    expect(daysLeft(end, Date.parse("2025-01-19T14:59:59Z"))).toBe(3);
    expect(daysLeft(end, Date.parse("2025-01-21T12:00:00Z"))).toBe(1);
    expect(daysLeft(end, Date.parse("2025-01-21T15:00:00Z"))).toBe(0);
    expect(daysLeft(end, end)).toBe(0);
    expect(daysLeft(end, end + 1)).toBe(0);
    expect(daysLeft(end, end + 10 * DAY_MS)).toBe(0);
    expect(daysLeft(end, Date.parse("2025-01-15T03:00:00Z"))).toBe(7);
  });
});

describe("validateChallenge", () => {
  test("a valid form has no errors", () => {
    expect(validateChallenge(form(), TODAY)).toEqual({});
    expect(validateChallenge(form({ prize: true, prizeDescription: "Amazonギフト券" }), TODAY)).toEqual({});
    expect(validateChallenge(form({ endDate: "2025-01-16" }), TODAY)).toEqual({});
    expect(validateChallenge(form({ endDate: addDays(TODAY, CHALLENGE_LIMITS.endDateMaxDays) }), TODAY)).toEqual({});
  });

  test("every message, each on its own field", () => {
    const cases: [Partial<ChallengeFormInput>, string, string][] = [
      [{ title: "  " }, "title", CHALLENGE_MESSAGES.titleRequired],
      [{ title: "あ".repeat(LIMITS.challengeTitleMax + 1) }, "title", CHALLENGE_MESSAGES.titleTooLong],
      [{ description: "" }, "description", CHALLENGE_MESSAGES.descriptionRequired],
      [{ description: "あ".repeat(LIMITS.challengeDescriptionMax + 1) }, "description", CHALLENGE_MESSAGES.descriptionTooLong],
      [{ requirements: "\n" }, "requirements", CHALLENGE_MESSAGES.requirementsRequired],
      [{ requirements: "あ".repeat(CHALLENGE_LIMITS.requirementsMax + 1) }, "requirements", CHALLENGE_MESSAGES.requirementsTooLong],
      [{ endDate: "" }, "endDate", CHALLENGE_MESSAGES.endDateRequired],
      [{ endDate: "2025-02-30" }, "endDate", CHALLENGE_MESSAGES.endDateRequired],
      [{ endDate: TODAY }, "endDate", CHALLENGE_MESSAGES.endDateTooEarly],
      [{ endDate: "2025-01-01" }, "endDate", CHALLENGE_MESSAGES.endDateTooEarly],
      [{ endDate: addDays(TODAY, CHALLENGE_LIMITS.endDateMaxDays + 1) }, "endDate", CHALLENGE_MESSAGES.endDateTooLate],
      [{ prize: true, prizeDescription: "  " }, "prizeDescription", CHALLENGE_MESSAGES.prizeRequired],
      [
        { prize: true, prizeDescription: "あ".repeat(CHALLENGE_LIMITS.prizeDescriptionMax + 1) },
        "prizeDescription",
        CHALLENGE_MESSAGES.prizeTooLong,
      ],
      [{ tags: Array.from({ length: LIMITS.tagsMax + 1 }, (_, i) => `タグ${i}`) }, "tags", WORK_MESSAGES.tagsTooMany],
    ];
    for (const [input, field, message] of cases) {
      expect(validateChallenge(form(input), TODAY), message).toEqual({ [field]: message });
    }
  });

  test("limits count characters, not UTF-16 units: exactly the maximum passes", () => {
    expect(validateChallenge(form({ title: "🎮".repeat(LIMITS.challengeTitleMax) }), TODAY)).toEqual({});
    expect(validateChallenge(form({ title: ` ${"あ".repeat(LIMITS.challengeTitleMax)} ` }), TODAY)).toEqual({});
  });

  test("a blank prize description is fine while there is no prize", () => {
    expect(validateChallenge(form({ prize: false, prizeDescription: "" }), TODAY)).toEqual({});
  });

  test("several problems come back in form order", () => {
    const errors = validateChallenge(form({ title: "", description: "", requirements: "", endDate: "", prize: true }), TODAY);
    expect(Object.keys(errors)).toEqual(["title", "description", "requirements", "endDate", "prizeDescription"]);
  });
});

describe("normalizeChallenge", () => {
  test("trims text, cleans tags, stores the end as the last millisecond of the day, drops prize text without a prize", () => {
    const stored = normalizeChallenge(
      form({
        title: "  冬  ",
        description: " 説明 ",
        requirements: " 要件 ",
        tags: [" 冬 ", "冬", "#ゲーム", ""],
        prizeDescription: "無視",
      }),
      TODAY,
    );
    expect(stored).toEqual({
      title: "冬",
      description: "説明",
      requirements: "要件",
      endDate: endOfJapanDay("2025-01-22"),
      prize: false,
      tags: ["冬", "ゲーム"],
    });
    expect(normalizeChallenge(form({ prize: true, prizeDescription: " ギフト券 " }), TODAY)).toMatchObject({
      prize: true,
      prizeDescription: "ギフト券",
    });
  });

  test("refuses what validateChallenge refuses", () => {
    expect(() => normalizeChallenge(form({ title: "" }), TODAY)).toThrow();
  });
});

describe("the shared text rule (model/cleanText.ts), as the create form shows it", () => {
  const BIDI = "使用できない文字（文字の向きを変える制御文字）が含まれています";

  test("a bidirectional override or isolate is refused in every text field and tag", () => {
    expect(
      validateChallenge(
        form({
          title: "冬\u202E",
          description: "\u2066説明",
          requirements: "要件\u2069",
          prize: true,
          prizeDescription: "ギフト\u202B",
          tags: ["冬\u202D"],
        }),
        TODAY,
      ),
    ).toEqual({ title: BIDI, description: BIDI, requirements: BIDI, prizeDescription: BIDI, tags: BIDI });
  });

  test("the stored form is cleaned: NFC, no control characters, line breaks only in the long fields", () => {
    expect(
      normalizeChallenge(
        form({
          title: "\u304B\u3099\u0000\nめ",
          description: "1\r\n2\u001B",
          prize: true,
          prizeDescription: "a\u0000\rb",
          tags: ["#\u304B\u3099\u0000"],
        }),
        TODAY,
      ),
    ).toMatchObject({ title: "が め", description: "1\n2", prizeDescription: "a\nb", tags: ["が"] });
  });
});
