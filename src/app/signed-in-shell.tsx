// What the app shell does only for a signed-in viewer, downloaded only once someone is signed in
// (root-layout.tsx): visitors, who are most of the site's traffic, never fetch it.
import { LocalSavesMerge } from "@/components/auth/local-saves-merge";
import { SuspensionBanner } from "@/components/moderation/suspension-banner";
import { ProfileSetupRedirect } from "@/features/profile/profile-setup-redirect";

/** Sends new users to profile setup and merges the visitor's local ストック into the account. */
export function SignedInEffects() {
  return (
    <>
      <ProfileSetupRedirect />
      <LocalSavesMerge />
    </>
  );
}

/** The bar under the header while the account is suspended. */
export { SuspensionBanner };
