import { MobileStoryfilesScreen } from '@/features/mobile-app';

export function MobileStoryfilesRoute() {
  return <MobileStoryfilesScreen />;
}
