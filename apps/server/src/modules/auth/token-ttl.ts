/** Token lifetimes of the embedded provider and the studio's session cookie, in seconds. The studio refreshes every 10 minutes (spec §9), inside the access TTL. */
export const TOKEN_TTL = {
  accessToken: 15 * 60,
  idToken: 60 * 60,
  refreshToken: 14 * 24 * 60 * 60,
  session: 14 * 24 * 60 * 60,
  interaction: 60 * 60,
} as const;
