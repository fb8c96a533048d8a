// The packages module's public entry: what other modules and the assembly may use.
export { createPackageJobHandler, type PackageDeps } from './packages.service.ts';
export { buildManifestJsonSchema, manifestSchema, type Manifest } from './manifest.ts';
