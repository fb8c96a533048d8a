// The studio's Content-Security-Policy allows no eval. Zod compiles object parsers with
// `new Function` unless told not to, and merely probing for it is reported as a violation. Zod
// reads its configuration from this global when it loads; a classic script runs before the
// bundle's modules, so every schema (the contracts' included) is built without eval.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, {
  jitless: true,
});
