/** Histograms of web vitals values (issue 34 item 2): fixed buckets, so a document holds counts, never samples. */
/**
 * Histogram bucket of a vitals value (ms): 50 ms wide up to 10 s, then 1 s wide up to 60 s. The p75 is
 * read as the bucket's upper edge (an over-estimate of at most one bucket, the same on both sides).
 */
export function bucketOf(ms: number): number {
  const v = Math.max(0, Math.min(60_000, ms));
  return v < 10_000 ? Math.floor(v / 50) : 200 + Math.min(49, Math.floor((v - 10_000) / 1000));
}
const upperEdge = (b: number) => (b < 200 ? (b + 1) * 50 : 10_000 + (b - 199) * 1000);

export type Histogram = Record<string, number>;

export function histogramCount(h: Histogram): number {
  return Object.values(h).reduce((a, b) => a + b, 0);
}

/** The 75th percentile of a histogram (ms), or null without samples. */
export function p75(h: Histogram): number | null {
  const total = histogramCount(h);
  if (total === 0) return null;
  const buckets = Object.entries(h)
    .map(([k, n]) => [Number(k.slice(1)), n] as const)
    .sort((a, b) => a[0] - b[0]);
  let seen = 0;
  for (const [b, n] of buckets) {
    seen += n;
    if (seen >= 0.75 * total) return upperEdge(b);
  }
  return upperEdge(buckets[buckets.length - 1][0]);
}

