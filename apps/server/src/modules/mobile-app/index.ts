// The mobile-app module's public entry. The assembly mounts its routes from mobile-app.routes.ts;
// no other module needs anything from it yet.
export type { CatalogueList } from './catalogue.service.ts';
