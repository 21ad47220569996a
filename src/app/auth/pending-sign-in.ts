import type { AuthActions } from "@/lib/auth-actions";

type SignIn = AuthActions["signIn"];

/**
 * A visitor's sign-in waiting for Convex Auth's client to load and mount. Its promise settles as
 * the real sign-in's does; it goes on once, however often the mounted provider's effect runs.
 */
export type PendingSignIn = {
  promise: ReturnType<SignIn>;
  continueWith: (signIn: SignIn) => void;
  fail: (error: unknown) => void;
};

export function pendingSignIn(...args: Parameters<SignIn>): PendingSignIn {
  type Result = Awaited<ReturnType<SignIn>>;
  let resolve: (result: Result) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<Result>((onResult, onError) => {
    resolve = onResult;
    reject = onError;
  });
  let settled = false;
  return {
    promise,
    continueWith(signIn) {
      if (settled) return;
      settled = true;
      signIn(...args).then(resolve, reject);
    },
    fail(error) {
      if (settled) return;
      settled = true;
      reject(error);
    },
  };
}
