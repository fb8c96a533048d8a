import { COMPANY_ONBOARDING_TEMPLATE } from './company-onboarding.ts';
import { EXPERT_FAQ_TEMPLATE } from './expert-faq.ts';
import { LIFE_STORY_TEMPLATE } from './life-story.ts';
import type { ShippedTemplate } from './shipped-template.ts';

export type { ShippedTemplate } from './shipped-template.ts';

/** The templates every studio offers under All Scripts. */
export const SHIPPED_TEMPLATES: readonly ShippedTemplate[] = [
  LIFE_STORY_TEMPLATE,
  EXPERT_FAQ_TEMPLATE,
  COMPANY_ONBOARDING_TEMPLATE,
];
