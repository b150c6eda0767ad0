// L2-regularised logistic regression fitted by iteratively reweighted least squares (Newton's method): the
// calibrated combination of a link task's features. Deterministic (no random start), converges in a few steps on
// the feature counts used here; the linear solve is ml-matrix's.
import { Matrix, solve } from 'ml-matrix';

export interface LogisticFit {
  intercept: number;
  weights: Record<string, number>;
  iterations: number;
  /** Mean log-loss on the training rows. */
  logLoss: number;
}

/**
 * Fit P(y = 1 | x) = σ(b0 + Σ b_k x_k). `lambda` penalises the weights (not the intercept), which keeps them finite
 * when a feature separates the classes perfectly — common on planted data.
 */
export function fitLogistic(features: readonly string[], rows: readonly { x: Record<string, number>; y: 0 | 1; w?: number }[],
  options: { lambda?: number; maxIterations?: number; tolerance?: number } = {}): LogisticFit {
  const lambda = options.lambda ?? 1;
  const p = features.length + 1;
  const X = rows.map((r) => [1, ...features.map((f) => r.x[f] ?? 0)]);
  // a row's weight (default 1): pooled fits weight each city so that one large city does not drown a small one
  const weightOf = (i: number) => rows[i]!.w ?? 1;
  let beta = new Array<number>(p).fill(0);
  let iterations = 0;
  for (; iterations < (options.maxIterations ?? 50); iterations++) {
    const gradient = new Array<number>(p).fill(0);
    // accumulated in a flat array: hundreds of thousands of rows at City size make Matrix.get/set the bottleneck
    const h = new Float64Array(p * p);
    rows.forEach((r, i) => {
      const xi = X[i]!;
      const mu = sigmoid(dot(beta, xi));
      const rw = weightOf(i);
      const w = rw * Math.max(mu * (1 - mu), 1e-9);
      for (let a = 0; a < p; a++) {
        const xa = xi[a]!;
        if (xa === 0) continue;
        gradient[a]! += rw * (r.y - mu) * xa;
        for (let b = 0; b < p; b++) h[a * p + b]! += w * xa * xi[b]!;
      }
    });
    const hessian = new Matrix(Array.from({ length: p }, (_, a) => Array.from(h.subarray(a * p, a * p + p))));
    for (let a = 1; a < p; a++) {
      gradient[a]! -= lambda * beta[a]!;
      hessian.set(a, a, hessian.get(a, a) + lambda);
    }
    const step = solve(hessian, Matrix.columnVector(gradient)).to1DArray();
    beta = beta.map((b, i) => b + step[i]!);
    if (Math.max(...step.map(Math.abs)) < (options.tolerance ?? 1e-8)) break;
  }
  const totalWeight = rows.reduce((sum, _r, i) => sum + weightOf(i), 0);
  const logLoss = rows.reduce((sum, r, i) => {
    const mu = Math.min(1 - 1e-12, Math.max(1e-12, sigmoid(dot(beta, X[i]!))));
    return sum - weightOf(i) * (r.y ? Math.log(mu) : Math.log(1 - mu));
  }, 0) / Math.max(1e-12, totalWeight);
  return {
    intercept: round(beta[0]!),
    weights: Object.fromEntries(features.map((f, i) => [f, round(beta[i + 1]!)])),
    iterations: iterations + 1,
    logLoss,
  };
}

/** The logistic function. */
export function sigmoid(z: number): number {
  return 1 / (1 + Math.exp(-z));
}

function dot(a: readonly number[], b: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

function round(v: number): number {
  return Math.round(v * 1e6) / 1e6;
}

/**
 * A fit whose weights respect the direction each piece of evidence can only point in (`signs`: +1 for evidence
 * that can only support a match, -1 for evidence that can only speak against one). Planted data can make a
 * correlated feature take the wrong sign (living in the organisation's postal area "against" being its lobbyist,
 * because the blocking draws surname-only neighbours there), and a model a reader cannot defend is no model to
 * publish. Active set: refit without the feature that violates its sign most, holding it at zero, until none does.
 */
export function fitLogisticSigned(features: readonly string[], rows: Parameters<typeof fitLogistic>[1],
  options: Parameters<typeof fitLogistic>[2] & { signs?: Readonly<Record<string, 1 | -1>> } = {}): LogisticFit & { heldAtZero: string[] } {
  const signs = options.signs ?? {};
  const held: string[] = [];
  for (;;) {
    const free = features.filter((f) => !held.includes(f));
    const fit = fitLogistic(free, rows, options);
    const violations = free.filter((f) => signs[f] && fit.weights[f]! * signs[f]! < 0)
      .sort((a, b) => Math.abs(fit.weights[b]!) - Math.abs(fit.weights[a]!) || a.localeCompare(b));
    if (!violations.length) {
      return { ...fit, weights: Object.fromEntries(features.map((f) => [f, fit.weights[f] ?? 0])), heldAtZero: held.sort() };
    }
    held.push(violations[0]!);
  }
}
