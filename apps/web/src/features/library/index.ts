export { AllScriptsScreen } from './components/all-scripts-screen';
export { ScriptBuilderScreen } from './components/script-builder-screen';
export { TopicsScreen } from './components/topics-screen';
