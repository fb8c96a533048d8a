export { CustomCategoriesScreen } from './components/custom-categories-screen';
export { CustomWordsScreen } from './components/custom-words-screen';
export { InstructionsScreen } from './components/instructions-screen';
export { ResponseQualityScreen } from './components/response-quality-screen';
export { RecordNextList, recordQuestionHref } from './components/record-next-list';
