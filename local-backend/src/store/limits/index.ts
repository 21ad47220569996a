// Convex's documented limits (document size, nesting, arrays, fields, transaction read/write
// and scheduling budgets), enforced with the errors Convex gives. README.md in this folder lists
// each limit, its number and where in the Convex backend it comes from.
export { installDocumentLimits } from "./database.js";
export { functionArgumentsError, functionReturnValueError } from "./functions.js";
export { installTransactionLimits } from "./transactions.js";
