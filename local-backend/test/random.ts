// A small deterministic random generator for differential tests, so a failure can be replayed
// from its seed.
export function random(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  return { next, pick };
}

export type Random = ReturnType<typeof random>;
