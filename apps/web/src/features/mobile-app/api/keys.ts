/** Query keys of the Mobile App screens; every change invalidates `all` (lists share entries). */
export const mobileAppKeys = {
  all: ['mobile-app'] as const,
  storyfiles: (query: Record<string, unknown>) => ['mobile-app', 'storyfiles', query] as const,
  featured: () => ['mobile-app', 'featured'] as const,
  popular: (query: Record<string, unknown>) => ['mobile-app', 'popular', query] as const,
};
