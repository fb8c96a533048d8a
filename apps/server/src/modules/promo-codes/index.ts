// The promo-codes module's public entry: what other modules, identity and the assembly may use.
export {
  findPendingVerification,
  isAwaitingEmailVerification,
  redeemPromoCode,
  SIGNUP_PATH,
  SIGNUP_VERIFY_PATH,
  verifyPromoEmail,
  type SignupField,
  type SignupResult,
  type SignupSettings,
} from './redemption.service.ts';
export {
  assertTrialAllows,
  checkTrialAllows,
  findReadOnlyOrganizations,
  getTrialFlags,
  listRunningTrialStoryfiles,
  type TrialAction,
  type TrialDecision,
  type TrialUsage,
} from './trial-guard.ts';
