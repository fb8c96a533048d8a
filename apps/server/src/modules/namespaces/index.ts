// The namespaces module's public entry.
export { createNamespace, parseAttributeList } from './namespaces.service.ts';
export { ensureDefaultNamespace, type DefaultNamespace } from './default-namespace.ts';
