// The packages module's public entry: what other modules and the assembly may use.
export { createPackageJobHandler } from './package-job-handler.ts';
export { type PackageDeps } from './package-jobs.ts';
export { buildManifestJsonSchema, manifestSchema, type Manifest } from './manifest.ts';
export { sweepExpiredPackages, type PackageSweepReport } from './package-sweep.ts';
