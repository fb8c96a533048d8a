import { FeaturedScreen } from '@/features/mobile-app';

export function FeaturedStoryfilesRoute() {
  return <FeaturedScreen />;
}
