export { ActivitiesScreen } from './components/activities-screen';
export {
  MyActivitiesScreen,
  type ActivityPlayerSlot,
  type MyActivityAskResult,
  type RenderActivityPlayer,
} from './components/my-activities-screen';
export { StudentsScreen } from './components/students-screen';
