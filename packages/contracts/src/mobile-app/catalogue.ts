// The consumer app's catalogue: no account; only published storyfiles that admins put in the app.
// Answers carry an ETag and `Cache-Control: public, max-age=60`; a matching If-None-Match gets 304.
export const PUBLIC = { kind: 'public' } as const;
export const TAGS = ['mobile-app catalogue'];
export const CACHING =
  ' Cached: ETag and Cache-Control max-age=60; send If-None-Match to get 304 Not Modified.';
