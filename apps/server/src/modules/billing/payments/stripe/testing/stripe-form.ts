type Nested = { [key: string]: Nested | string };

/** Objects whose keys are 0..n-1 become arrays, as Stripe's `a[0][b]=c` encoding means them. */
function arraysOf(value: Nested | string): unknown {
  if (typeof value === 'string') return value;
  const keys = Object.keys(value);
  const converted = Object.fromEntries(keys.map((key) => [key, arraysOf(value[key]!)]));
  return keys.length > 0 && keys.every((key, index) => key === String(index)) ? keys.map((key) => converted[key]) : converted;
}

/** Decodes the bracketed form encoding the Stripe SDK sends (`items[0][price]=price_x&expand[0]=schedule`). */
export function parseStripeForm(encoded: string): Record<string, unknown> {
  const root: Nested = {};
  for (const [name, value] of new URLSearchParams(encoded)) {
    const path = name.split(/[[\]]+/).filter(Boolean);
    let node = root;
    path.forEach((key, index) => {
      if (index === path.length - 1) node[key] = value;
      else node = (node[key] ??= {}) as Nested;
    });
  }
  return arraysOf(root) as Record<string, unknown>;
}
