// BM25 exactly as Tantivy computes it for Convex (get-convex/tantivy, src/query/bm25.rs and
// src/fieldnorm/code.rs): k1 = 1.2, b = 0.75, idf = ln(1 + (N - n + 0.5) / (n + 0.5)), field
// lengths quantized to one byte, all arithmetic in f32 (emulated with Math.fround so that ties and
// near-ties order as on Convex).
const f32 = Math.fround;

const K1 = f32(1.2);
const B = f32(0.75);
const ONE_PLUS_K1 = f32(1 + K1);
const ONE_MINUS_B = f32(1 - B);

/**
 * Tantivy stores a field's token count in one byte (Lucene's SmallFloat "byte4" code): 0–40 are
 * exact, larger lengths round down to one of 8 steps per power of two, up to 2,013,265,944.
 */
function fieldnormOfId(id: number): number {
  const FREE_VALUES = 24;
  if (id < FREE_VALUES) return id;
  const code = id - FREE_VALUES;
  const mantissa = code & 0x07;
  const shift = (code >>> 3) - 1;
  return FREE_VALUES + (shift === -1 ? mantissa : (mantissa | 0x08) * 2 ** shift);
}

export const FIELDNORMS: readonly number[] = Array.from({ length: 256 }, (_, id) => fieldnormOfId(id));

/** The byte Tantivy stores for a field of `length` tokens: the largest code not above it. */
export function fieldnormId(length: number): number {
  let low = 0;
  let high = FIELDNORMS.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((FIELDNORMS[mid] ?? Infinity) <= length) low = mid;
    else high = mid - 1;
  }
  return low;
}

export function idf(docFrequency: number, numDocuments: number): number {
  const x = f32(f32(f32(numDocuments - docFrequency) + 0.5) / f32(f32(docFrequency) + 0.5));
  return f32(Math.log(f32(1 + x)));
}

/** Scores one query term; the per-length normalization is cached per field-norm byte, as in Tantivy. */
export class Bm25Weight {
  private readonly weight: number;
  private readonly norms = new Map<number, number>();

  constructor(
    docFrequency: number,
    numDocuments: number,
    private readonly averageFieldnorm: number,
    boost: number,
  ) {
    // Convex boosts the weight (Bm25Weight::boost_by, or TermWeight's boost in a BoostQuery).
    this.weight = f32(f32(idf(docFrequency, numDocuments) * ONE_PLUS_K1) * f32(boost));
  }

  private norm(fieldnormByte: number): number {
    let norm = this.norms.get(fieldnormByte);
    if (norm === undefined) {
      const length = f32(FIELDNORMS[fieldnormByte] ?? 0);
      norm = f32(K1 * f32(ONE_MINUS_B + f32(f32(B * length) / this.averageFieldnorm)));
      this.norms.set(fieldnormByte, norm);
    }
    return norm;
  }

  /** weight × tf / (tf + k1 (1 − b + b · dl / avgdl)), with dl the quantized field length. */
  score(fieldnormByte: number, termFrequency: number): number {
    const tf = f32(termFrequency);
    return f32(this.weight * f32(tf / f32(tf + this.norm(fieldnormByte))));
  }
}

/** avgdl: the search field's total token count over the number of documents in the index. */
export function averageFieldnorm(totalTokens: number, numDocuments: number): number {
  return f32(f32(totalTokens) / f32(numDocuments));
}

/** Sums term scores in f32, as Tantivy's union scorer does. */
export function addScore(sum: number, termScore: number): number {
  return f32(sum + termScore);
}
