import { ENDING_SAY, FEATURE_NAMES, unpackGrams, type UrlModelWeights } from '@riskscan/scanner';
import type { Example } from './url-corpus.ts';

/**
 * The n-gram table own domains' quiet names are read with (decision 517), fitted beside the
 * shipped model: the bias, the named features' weights, the path's n-grams and the calibration
 * stay as shipped, and only the host's n-grams of the examples the engine reads with this table
 * (`Example.ownName`) are fitted, starting from the shipped table and pulled back to it by the L2
 * term. So the table speaks on the shipped model's scale: a whole second fit's table, tried first,
 * came with its own bias and level and caught 8 points less June phishing (RESULTS.md, session 11);
 * `ownLevel` sets the level the table is read at.
 */
export function fitOwnGrams(
  train: Example[],
  shipped: UrlModelWeights,
  { epochs, rate, l2, weightOf }: { epochs: number; rate: number; l2: number; weightOf: (y: number) => number },
): Float64Array {
  const base = unpackGrams(shipped.grams!);
  const own = Float64Array.from(base);
  const squares = new Float64Array(own.length).fill(1e-8);
  const read = train.filter((e) => e.ownName);
  // What the rest of the model says of each example: fixed, so computed once.
  const rest = read.map((e) => restSaid(e, shipped, base));
  let seed = 11;
  const random = () => {
    seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
    return seed / 2 ** 32;
  };
  const order = read.map((_, i) => i);
  for (let epoch = 1; epoch <= epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    let loss = 0;
    for (const index of order) {
      const e = read[index]!;
      // The engine holds a quiet host's ending at ENDING_SAY (`UrlModel.hostGramSum`), so does the fit.
      const { said, held } = hostSaid(e, own);
      const z = rest[index]! + said;
      const p = 1 / (1 + Math.exp(-z));
      const sw = weightOf(e.y) * e.weight;
      loss -= sw * (e.y === 1 ? Math.log(p + 1e-12) : Math.log(1 - p + 1e-12));
      const err = sw * (p - e.y);
      for (const i of held ? e.host.subarray(0, e.hostEnding) : e.host) {
        const g = err * e.hostScale + l2 * (own[i]! - base[i]!);
        squares[i]! += g * g;
        own[i]! -= (rate * g) / Math.sqrt(squares[i]!);
      }
    }
    console.log(`own names, epoch ${epoch}: loss ${(loss / read.length).toFixed(4)} over ${read.length} examples`);
  }
  return own;
}

/** What the shipped model says of an example beside its host: bias, named features, path n-grams. */
function restSaid(e: Example, shipped: UrlModelWeights, base: Float32Array): number {
  let z = shipped.bias;
  for (let j = 0; j < FEATURE_NAMES.length; j++) z += (shipped.weights[shipped.features.indexOf(FEATURE_NAMES[j]!)] ?? 0) * e.dense[j]!;
  let path = 0;
  for (const i of e.path) path += base[i]!;
  return z + path * e.pathScale;
}

/** What a host's n-grams say when read with `table`, its ending held at ENDING_SAY as the engine holds it. */
function hostSaid(e: Example, table: ArrayLike<number>): { said: number; held: boolean } {
  let name = 0;
  for (let k = 0; k < e.hostEnding; k++) name += table[e.host[k]!]!;
  let ending = 0;
  for (let k = e.hostEnding; k < e.host.length; k++) ending += table[e.host[k]!]!;
  ending *= e.hostScale;
  const held = e.hostEnding < e.host.length && ending > ENDING_SAY;
  return { said: name * e.hostScale + (held ? ENDING_SAY : ending), held };
}

// The share of the validation phishing the shipped table flags among the hosts the own table reads
// that the level keeps flagged: chosen once, before the evaluation slice was scored with it.
const KEEP = 0.99;

/**
 * The level the own table is read at (log-odds added to it; the engine reads it only where it
 * says less than the shipped table): the least at which it keeps flagged (score 60) 99% of the
 * validation slice's phishing URLs the shipped table flags among the hosts it reads. Honest names
 * outnumber kits' among quiet hosts in the corpus, so the fit lowers every quiet name; read as
 * fitted, it lost 8 points of June phishing (RESULTS.md, session 11). The level gives back what
 * the shipped model catches and keeps what the table tells apart.
 */
export function ownLevel(valid: Example[], shipped: UrlModelWeights, own: ArrayLike<number>): number {
  const base = unpackGrams(shipped.grams!);
  const { slope, intercept } = shipped.calibration ?? { slope: 1, intercept: 0 };
  const flag = (Math.log(0.6 / 0.4) - intercept) / slope;
  const read = valid.filter((e) => e.ownName && e.y === 1).map((e) => ({ rest: restSaid(e, shipped, base), e }));
  const shippedCaught = read.filter(({ rest, e }) => rest + hostSaid(e, base).said >= flag).length;
  const target = Math.ceil(shippedCaught * KEEP);
  // The engine reads the table only where it says less than the shipped one (`UrlModel.hostGramSum`).
  const caught = (level: number) =>
    read.filter(({ rest, e }) => rest + Math.min(hostSaid(e, base).said, hostSaid(e, own).said + level) >= flag).length;
  let low = 0;
  let high = 10;
  for (let step = 0; step < 30; step++) {
    const middle = (low + high) / 2;
    if (caught(middle) >= target) high = middle;
    else low = middle;
  }
  console.log(
    `own names: level ${high.toFixed(3)}, validation phishing read with the table ${read.length}, caught ${caught(high)} (shipped ${shippedCaught})`,
  );
  return high;
}
