declare module "*.sql" {
  const text: string;
  export default text;
}
declare module "*.css" {
  const path: string;
  export default path;
}
// prom-client's classes, each from its own file (see src/lib/metrics.ts); types from its index.
declare module "prom-client/lib/registry" {
  const Registry: typeof import("prom-client").Registry;
  export default Registry;
}
declare module "prom-client/lib/counter" {
  const Counter: typeof import("prom-client").Counter;
  export default Counter;
}
declare module "prom-client/lib/gauge" {
  const Gauge: typeof import("prom-client").Gauge;
  export default Gauge;
}
declare module "prom-client/lib/histogram" {
  const Histogram: typeof import("prom-client").Histogram;
  export default Histogram;
}
