// Arguments and results checked against a function's validators with Convex's own messages
// (src/store/validation/), instead of convex-test's. Each loaded function's validators are taken over:
// convex-test is told the function takes and returns `any` (so it checks nothing), and the
// handler checks first and last — inside the function's transaction, so a mutation whose result
// is refused (by its validator or by Convex's size limits) writes nothing, as on Convex.
import type { RegisteredFunction } from "../core/functions.js";
import { argumentValidationError, type IdTable, returnValueValidationError } from "../store/validation/index.js";
import { functionReturnValueError } from "../store/limits/index.js";
import { runContext } from "./run-context.js";

const TAKEN_OVER = Symbol.for("local-backend.validatorsTakenOver");
const ANY = '{"type":"any"}';
const PLAIN_MESSAGE = Symbol.for("local-backend.plainMessage");

type Handler = (ctx: unknown, args: unknown) => unknown;
type TakenOver = RegisteredFunction & {
  _handler?: Handler;
  [TAKEN_OVER]?: { args: string; returns: string };
};

/** An error Convex reports as it is, not as "Uncaught Error: …" (validation happens outside JS). */
export class SystemError extends Error {
  readonly [PLAIN_MESSAGE] = true;
}

export function isSystemError(e: unknown): e is SystemError {
  return typeof e === "object" && e !== null && PLAIN_MESSAGE in e;
}

/** Which table an id belongs to, in the component of the running function. */
export type IdTableResolver = () => IdTable;

/** The validators a function really declared (even after they were taken over). */
export function declaredValidators(fn: RegisteredFunction): { args: string; returns: string } {
  const taken = (fn as TakenOver)[TAKEN_OVER];
  if (taken) return taken;
  return { args: fn.exportArgs?.() ?? ANY, returns: fn.exportReturns?.() ?? "null" };
}

/** Take over the validation of every query, mutation and action a module exports. */
export function takeOverValidation(mod: Record<string, unknown>, modulePath: string, idTable: IdTableResolver): void {
  for (const [name, value] of Object.entries(mod)) {
    if ((typeof value !== "object" && typeof value !== "function") || value === null) continue;
    const fn = value as TakenOver;
    if (!(fn.isQuery || fn.isMutation || fn.isAction) || typeof fn._handler !== "function" || fn[TAKEN_OVER]) continue;
    const declared = declaredValidators(fn);
    const handler = fn._handler;
    const udfPath = `${modulePath}:${name}`;
    fn[TAKEN_OVER] = declared;
    fn.exportArgs = () => ANY;
    fn.exportReturns = () => "null";
    fn._handler = async (ctx, args) => {
      const badArgs = argumentValidationError(declared.args, args, idTable());
      if (badArgs) throw new SystemError(badArgs);
      const result = await handler(ctx, args);
      // A mutation's result is checked as a value (size, nesting) before it commits, and before
      // its validator, as Convex does. Queries' and actions' results are checked by the engine.
      const notAValue = fn.isMutation ? functionReturnValueError(udfPath, result) : null;
      if (notAValue) throw new SystemError(notAValue);
      const badResult = returnValueValidationError(udfPath, declared.returns, result, idTable());
      if (badResult) throw new SystemError(badResult);
      // The outermost mutation returns last, before its transaction commits.
      const call = fn.isMutation ? runContext.getStore() : undefined;
      if (call) call.mutationResult = { value: result };
      return result;
    };
  }
}
