/** Cookie that tells one visitor of the public player from another (no account, no personal data). */
export const VISITOR_COOKIE = 'conversa_visitor';
