// @vitest-environment node
// The seed links demo creators to the local Google stand-in's account ids; if the two ways of
// deriving an id drift apart, nobody can sign in as a demo creator any more.
import { expect, test } from "vitest";
import { subjectForEmail } from "../local-google/src/identity";
import { standInGoogleSubject } from "./model/demoAccounts";
import { DEMO_CREATORS } from "./model/demoData";

test("demo creators get the account id the Google stand-in gives their address", async () => {
  for (const { email } of DEMO_CREATORS) {
    expect(await standInGoogleSubject(email)).toBe(subjectForEmail(email));
  }
  expect(await standInGoogleSubject(" Hana@Demo.Vibe-Gallery.example ")).toBe(subjectForEmail("hana@demo.vibe-gallery.example"));
});
