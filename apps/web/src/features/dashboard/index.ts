export { DashboardScreen } from './components/dashboard-screen';
