// The keys live below the features: the upload engine and the player read the same resources.
export { ME_QUERY_KEY, storyfileKeys } from '@/lib/storyfile-queries';
