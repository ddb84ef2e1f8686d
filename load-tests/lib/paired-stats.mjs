// paired-stats.mjs - the statistics of an alternating A/B bench (metrics-ab.bench.mjs): one value per round and side,
// each round's sides measured back to back (the machine drifts between rounds, much less within one), so a side's
// cost is read from each round's own ratio to the baseline, and the median of those ratios is given with a
// distribution-free confidence interval (order statistics of the binomial: no assumption about how rounds scatter).

/** P(X ≤ k) for X ~ Binomial(n, 1/2), summed exactly term by term. */
function binomialHalfCdf(n, k) {
  let term = 2 ** -n; // C(n, 0) / 2^n (n ≤ 1000 stays above the smallest double)
  let sum = 0;
  for (let i = 0; i <= k; i++) {
    sum += term;
    term = (term * (n - i)) / (i + 1);
  }
  return sum;
}

/**
 * The median of `values` and a confidence interval for it: [x(j), x(n+1-j)] of the sorted values, j the largest rank
 * whose interval still covers the median with at least `confidence` (coverage 1 − 2·P(B ≤ j−1), B ~ Binomial(n, ½)).
 * Too few values for that confidence (under 6 at 95 %): low and high are null.
 */
export function medianWithInterval(values, confidence = 0.95) {
  const s = [...values].sort((a, b) => a - b);
  const n = s.length;
  if (n === 0 || n > 1000) throw new Error(`medianWithInterval: ${n} values`);
  const median = n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
  let j = 0;
  while (j + 1 <= n / 2 && 1 - 2 * binomialHalfCdf(n, j) >= confidence) j++;
  if (j === 0) return { median, low: null, high: null, coverage: null, n };
  return { median, low: s[j - 1], high: s[n - j], coverage: 1 - 2 * binomialHalfCdf(n, j - 1), n };
}

/**
 * A side's cost over the baseline in % of the baseline, round by round (`side[r] / base[r] − 1`), and its median with
 * the interval above; `budget` (in %) read against the interval: met when all of it lies under the budget, exceeded
 * when all of it lies over, else undecided (more rounds, or a quieter machine).
 */
export function costOver(base, side, budget, confidence = 0.95) {
  if (base.length !== side.length) throw new Error('costOver: one value per round on each side');
  const percents = side.map((x, r) => 100 * (x / base[r] - 1));
  const m = medianWithInterval(percents, confidence);
  const verdict = m.low === null ? 'undecided' : m.high < budget ? 'met' : m.low > budget ? 'exceeded' : 'undecided';
  return { ...m, percents, width: m.low === null ? null : m.high - m.low, verdict };
}
