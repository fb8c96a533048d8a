export { ActivitiesScreen } from './components/activities-screen';
export { MyActivitiesScreen } from './components/my-activities-screen';
export { StudentsScreen } from './components/students-screen';
