// Cleanups that may touch more rows than one transaction allows run in bounded batches: each run
// spends a budget of rows and, when it runs out, schedules itself again.

/** How many more rows this run may delete or update. */
export class Budget {
  constructor(public left: number) {}
  spend(rows = 1) {
    this.left -= rows;
  }
  get exhausted() {
    return this.left <= 0;
  }
}

/** One kind of row to clean; resolves true when none of that kind is left. */
export type Phase = (budget: Budget) => Promise<boolean>;

/** Runs the phases in order while the budget lasts; true when every phase finished. */
export async function runPhases(budget: Budget, phases: readonly Phase[]): Promise<boolean> {
  for (const phase of phases) {
    if (budget.exhausted) return false;
    if (!(await phase(budget))) return false;
  }
  return true;
}

/**
 * A phase that loads up to `budget.left / cost` rows with `load` and handles each with
 * `handle`, spending `cost` per row; done when fewer rows came back than were asked for.
 */
export function eachRow<T>(load: (limit: number) => Promise<T[]>, handle: (row: T) => Promise<unknown>, cost = 1): Phase {
  return async (budget) => {
    const limit = Math.max(1, Math.floor(budget.left / cost));
    const rows = await load(limit);
    for (const row of rows) {
      await handle(row);
      budget.spend(cost);
    }
    return rows.length < limit;
  };
}

/**
 * A phase for rows that own other rows (a session and its refresh tokens): deletes each
 * parent's children, then the parent, while the budget lasts.
 */
export function eachParentAfterChildren<P, C>(
  firstParent: () => Promise<P | null>,
  loadChildren: (parent: P, limit: number) => Promise<C[]>,
  deleteChild: (child: C) => Promise<unknown>,
  deleteParent: (parent: P) => Promise<unknown>,
): Phase {
  return async (budget) => {
    while (!budget.exhausted) {
      const parent = await firstParent();
      if (parent === null) return true;
      for (const child of await loadChildren(parent, budget.left)) {
        await deleteChild(child);
        budget.spend();
      }
      // Out of budget: children may remain, so the parent waits for the next run.
      if (budget.exhausted) return false;
      await deleteParent(parent);
      budget.spend();
    }
    return false;
  };
}
