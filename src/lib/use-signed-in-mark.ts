import { useEffect } from "react";
import { SIGNED_IN_MARK } from "@/prerender/signed-in-mark";

/** Keeps the signed-in mark (src/prerender/signed-in-mark.ts) true to the session once it is known. */
export function useSignedInMark(status: "loading" | "signedIn" | "signedOut") {
  useEffect(() => {
    if (status === "loading") return;
    try {
      if (status === "signedIn") localStorage.setItem(SIGNED_IN_MARK, "1");
      else localStorage.removeItem(SIGNED_IN_MARK);
    } catch {
      // Storage refused (a private window's quota, a blocked site): early pictures only differ.
    }
  }, [status]);
}
