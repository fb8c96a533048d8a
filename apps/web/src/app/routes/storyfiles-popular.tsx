import { PopularScreen } from '@/features/mobile-app';

export function PopularStoryfilesRoute() {
  return <PopularScreen />;
}
