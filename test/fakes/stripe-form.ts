// Stripe's SDK sends form bodies and queries with bracket keys (line_items[0][price]=…,
// expand[0]=…, metadata[userId]=…). This turns them back into nested objects.
export function parseStripeForm(text: string): Record<string, any> {
  const root: Record<string, any> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split("[").map((p) => p.replace(/\]$/, ""));
    let node: any = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = node[part] ??= {};
    });
  }
  return arrays(root);
}

// {"0": a, "1": b} → [a, b]
function arrays(v: any): any {
  if (!v || typeof v !== "object") return v;
  const keys = Object.keys(v);
  const out: any = {};
  for (const k of keys) out[k] = arrays(v[k]);
  if (keys.length && keys.every((k) => /^\d+$/.test(k))) return keys.sort((a, b) => Number(a) - Number(b)).map((k) => out[k]);
  return out;
}
