/**
 * A storyfile's own classifier on sentence vectors: kernel ridge regression, one output per answer
 * (one-vs-rest, targets 1 for the phrasing's answer and 0 for the others), trained on its phrasings
 * in closed form. In the dual: α = (K + λI)⁻¹ Y, and an answer's output for a question q is
 * Σⱼ k(xⱼ, q) αⱼ. With a linear kernel that is a learned direction per answer, which weighs the
 * dimensions that tell the storyfile's answers apart instead of every dimension alike (a cosine).
 *
 * Leaving phrasings out is exact and cheap (no retraining): with G = (K + λI)⁻¹, removing the set S
 * of training phrasings gives f₋S(q) = f(q) − αₛᵀ (G_SS)⁻¹ (G k(q))_S — the rank-|S| downdate of
 * the inverse. So the automatic threshold's held-out phrasings (one left out) and neighbour
 * questions (a whole answer left out) are scored by the model they would meet as a visitor's
 * question, never by one that was trained on them.
 */

/**
 * The kernel is cosine + `kernelMix` × exp(`kernelGamma` × (cosine − 1)) of unit vectors: linear
 * with `kernelMix` 0; the exponential part lets a question near one phrasing count more than its
 * cosine says. Outputs are divided by 1 + `kernelMix`, so a training phrasing's own class scores
 * about 1 whatever the mix.
 */
export interface RidgeSettings {
  ridge: number;
  kernelGamma: number;
  kernelMix: number;
}

/**
 * The dual weights α, row-major (size × classes), in 16 bits with a scale per row: row i's weight
 * for class c is `values[i × classes + c] × scales[i]`. Trained in doubles and rounded once, so a
 * model restored from them predicts exactly as the trained one; a quarter of the doubles' memory,
 * half of float32's, in a held matcher's largest array and in the stored state (issue 69), for
 * outputs that move in their fifth digit.
 */
export interface RidgeWeights {
  values: Int16Array;
  scales: Float32Array;
}

const MAX_VALUE = 0x7fff;

/** α rounded to 16 bits per row (`RidgeWeights`). */
function quantizeRows(alpha: Float64Array, size: number, classes: number): RidgeWeights {
  const values = new Int16Array(size * classes);
  const scales = new Float32Array(size);
  for (let i = 0; i < size; i++) {
    const base = i * classes;
    let largest = 0;
    for (let c = 0; c < classes; c++) {
      largest = Math.max(largest, Math.abs(alpha[base + c]!));
    }
    const scale = Math.fround(largest / MAX_VALUE);
    scales[i] = scale;
    if (scale > 0) {
      for (let c = 0; c < classes; c++) {
        values[base + c] = Math.max(
          -MAX_VALUE,
          Math.min(MAX_VALUE, Math.round(alpha[base + c]! / scale)),
        );
      }
    }
  }
  return { values, scales };
}

export interface RidgeModel {
  /** Number of training rows (phrasings). */
  readonly size: number;
  /** Number of classes (answers). */
  readonly classes: number;
  /** The dual weights α (`RidgeWeights`): all a question's outputs need. */
  readonly alpha: RidgeWeights;
  /**
   * Whether training rows can be left out (`predict`'s `excluded`): a model restored from its
   * weights alone (`restoreRidge`) has no inverse kernel, so it cannot.
   */
  readonly canLeaveOut: boolean;
  /** Kernel values of one question against every training row, in training order. */
  kernelRow(cosines: Float64Array): Float64Array;
  /**
   * The per-class outputs for a question's kernel row, into `out` (length = class count), leaving
   * out the training rows `excluded` (indices in training order; empty = none).
   */
  predict(kernel: Float64Array, excluded: readonly number[], out: Float64Array): void;
}

function kernelOf(cosine: number, gamma: number, mix: number): number {
  return mix > 0 ? cosine + mix * Math.exp(gamma * (cosine - 1)) : cosine;
}

/**
 * Trains on `vectors` (unit, one per row) labelled by `labels` (class index per row, 0…classes−1).
 * Returns undefined when the system cannot be solved (it always can with λ > 0).
 */
export function trainRidge(
  vectors: readonly Float32Array[],
  labels: readonly number[],
  classes: number,
  settings: RidgeSettings,
): RidgeModel | undefined {
  const n = vectors.length;
  const gamma = settings.kernelGamma;
  const mix = settings.kernelMix;
  const outputScale = 1 / (1 + mix);
  // A = K + λI, row-major, then its Cholesky factor in place (lower triangle).
  const a = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    const vi = vectors[i]!;
    for (let j = 0; j <= i; j++) {
      const vj = vectors[j]!;
      let dot = 0;
      for (let k = 0; k < vi.length; k++) {
        dot += vi[k]! * vj[k]!;
      }
      const value = kernelOf(dot, gamma, mix) + (i === j ? settings.ridge : 0);
      a[i * n + j] = value;
      a[j * n + i] = value;
    }
  }
  const l = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = a[i * n + j]!;
      for (let k = 0; k < j; k++) {
        sum -= l[i * n + k]! * l[j * n + k]!;
      }
      if (i === j) {
        if (!(sum > 0)) {
          return undefined;
        }
        l[i * n + i] = Math.sqrt(sum);
      } else {
        l[i * n + j] = sum / l[j * n + j]!;
      }
    }
  }
  // G = A⁻¹ = L⁻ᵀ L⁻¹. Row j of `u` is column j of L⁻¹ (zero above j), solved forward; then
  // G[i][j] = Σₖ u[i][k] u[j][k], every inner loop walking rows (contiguous memory).
  const u = new Float64Array(n * n);
  for (let j = 0; j < n; j++) {
    const base = j * n;
    u[base + j] = 1 / l[j * n + j]!;
    for (let i = j + 1; i < n; i++) {
      let sum = 0;
      const row = i * n;
      for (let k = j; k < i; k++) {
        sum += l[row + k]! * u[base + k]!;
      }
      u[base + i] = -sum / l[row + i]!;
    }
  }
  const g = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = 0;
      const rowI = i * n;
      const rowJ = j * n;
      for (let k = i; k < n; k++) {
        sum += u[rowI + k]! * u[rowJ + k]!;
      }
      g[i * n + j] = sum;
      g[j * n + i] = sum;
    }
  }
  // α = G Y: Y is one-hot, so α's column c is the sum of G's columns of class c's rows.
  const alpha = new Float64Array(n * classes);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const c = labels[j]!;
      alpha[i * classes + c] = alpha[i * classes + c]! + g[i * n + j]! * outputScale;
    }
  }
  return makeModel(n, classes, quantizeRows(alpha, n, classes), g, settings);
}

/**
 * A model from the weights of one trained on the same rows with the same settings (`alpha`, as
 * `RidgeModel.alpha`): it predicts exactly as the trained one, without leaving rows out.
 */
export function restoreRidge(
  alpha: RidgeWeights,
  size: number,
  classes: number,
  settings: RidgeSettings,
): RidgeModel | undefined {
  return alpha.values.length === size * classes && alpha.scales.length === size
    ? makeModel(size, classes, alpha, undefined, settings)
    : undefined;
}

function makeModel(
  n: number,
  classes: number,
  alpha: RidgeWeights,
  g: Float64Array | undefined,
  settings: RidgeSettings,
): RidgeModel {
  const { values, scales } = alpha;
  const gamma = settings.kernelGamma;
  const mix = settings.kernelMix;
  return {
    size: n,
    classes,
    alpha,
    canLeaveOut: g !== undefined,
    kernelRow(cosines) {
      if (mix === 0) {
        return cosines;
      }
      const row = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        row[i] = kernelOf(cosines[i]!, gamma, mix);
      }
      return row;
    },
    predict(kernel, excluded, out) {
      out.fill(0);
      for (let i = 0; i < n; i++) {
        const k = kernel[i]! * scales[i]!;
        if (k !== 0) {
          const base = i * classes;
          for (let c = 0; c < classes; c++) {
            out[c] = out[c]! + k * values[base + c]!;
          }
        }
      }
      const m = excluded.length;
      if (m === 0) {
        return;
      }
      if (!g) {
        throw new Error('a restored classifier cannot leave training rows out');
      }
      // z = (G_SS)⁻¹ (G k)_S, by Gaussian elimination on the small m × m block.
      const block = new Float64Array(m * (m + 1));
      for (let r = 0; r < m; r++) {
        const row = excluded[r]!;
        let gk = 0;
        for (let j = 0; j < n; j++) {
          gk += g[row * n + j]! * kernel[j]!;
        }
        for (let c = 0; c < m; c++) {
          block[r * (m + 1) + c] = g[row * n + excluded[c]!]!;
        }
        block[r * (m + 1) + m] = gk;
      }
      for (let p = 0; p < m; p++) {
        const pivot = block[p * (m + 1) + p]!;
        for (let r = p + 1; r < m; r++) {
          const factor = block[r * (m + 1) + p]! / pivot;
          for (let c = p; c <= m; c++) {
            block[r * (m + 1) + c] = block[r * (m + 1) + c]! - factor * block[p * (m + 1) + c]!;
          }
        }
      }
      const z = new Float64Array(m);
      for (let r = m - 1; r >= 0; r--) {
        let sum = block[r * (m + 1) + m]!;
        for (let c = r + 1; c < m; c++) {
          sum -= block[r * (m + 1) + c]! * z[c]!;
        }
        z[r] = sum / block[r * (m + 1) + r]!;
      }
      for (let r = 0; r < m; r++) {
        const base = excluded[r]! * classes;
        const weight = z[r]! * scales[excluded[r]!]!;
        for (let c = 0; c < classes; c++) {
          out[c] = out[c]! - weight * values[base + c]!;
        }
      }
    },
  };
}
