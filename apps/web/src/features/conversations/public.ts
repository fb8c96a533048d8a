// The public player's own entry: the route of `/s/{slug}` imports this instead of the feature's
// index, so the visitor's first load leaves out the studio-only parts (interact tab, publishing
// and matching settings, their dialogs).
export { PublicPlayerScreen } from './components/public-player-screen';
