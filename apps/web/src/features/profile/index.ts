export { MyProfileScreen } from './components/my-profile-screen';
