// Mobile App curation (spec §2, §6: platform admins only).
export const ADMIN = { kind: 'admin' } as const;
export const TAGS = ['mobile-app'];
