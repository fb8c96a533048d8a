export { FeaturedScreen } from './components/featured-screen';
export { MobileStoryfilesScreen } from './components/mobile-storyfiles-screen';
export { PopularScreen } from './components/popular-screen';
