import type { NamespaceAttribute } from '../auth/current-user.ts';

const FEATURE_NAMES: Partial<Record<NamespaceAttribute, string>> = {
  LEARNING_MODULE: 'The learning module',
  SSO_WHITELIST: 'The single sign-on whitelist',
};

/**
 * Who switches a namespace attribute on, and where (spec §3 attribute flags, §6 attribute
 * check): only platform admins set attributes, per organization, in Account › Organizations. Said
 * beside FEATURE_NOT_ENABLED_MESSAGE, which alone told an owner nothing they could act on
 * (issue 68, item 11).
 */
export function describeAttributeOwner(attribute: NamespaceAttribute): string {
  const feature = FEATURE_NAMES[attribute] ?? `The ${attribute} feature`;
  return `${feature} is switched on per organization by a platform admin: Account › Organizations, Edit, then tick ${attribute}. Ask a platform admin of your studio to turn it on for your organization.`;
}
