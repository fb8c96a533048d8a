export { ScriptBuilderScreen } from './components/script-builder-screen';
