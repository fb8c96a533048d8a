export { ResponseQualityScreen } from './components/response-quality-screen';
