// Test fixtures for works: a valid input and a one-call insert through the real write path.
import type { Id } from "../_generated/dataModel";
import type { TestConvex } from "../test.setup";
import { insertProject, type ProjectInput } from "./projects";

export const workInput: ProjectInput = {
  title: "作品",
  description: "説明",
  vibeDescription: "コンセプト",
  genre: "game",
  demoUrl: "https://example.com",
  aiTools: ["Claude"],
  techStack: ["React"],
  tags: [],
  isZeroCode: false,
  screenshots: [],
};

/** The same work as the posting wizard sends it to projects.create (each test adds its screenshots). */
export const workForm = (({ screenshots: _none, ...fields }: ProjectInput) => ({ ...fields, demoVideoUrl: "", repositoryUrl: "" }))(
  workInput,
);

export async function createWork(t: TestConvex, userId: Id<"users">, input: Partial<ProjectInput> = {}) {
  return await t.run((ctx) => insertProject(ctx, userId, { ...workInput, ...input }, Date.now()));
}

/** A work page the caller is shown (not hidden from them, not missing); fails the test otherwise. */
export function shown<T>(work: T): Exclude<T, { unavailable: true } | null> {
  if (work === null || (typeof work === "object" && "unavailable" in (work as object))) {
    throw new Error("expected the work page to be shown");
  }
  return work as Exclude<T, { unavailable: true } | null>;
}
