import { API, apiPath } from '@incentive/contracts';

/** Bulk onboarding's API paths (issue 30 point 1), from the contracts. */
export const ONBOARDING_API = {
  imports: API.onboardingImports,
  import: (id: number) => apiPath(API.onboardingImport, { id }),
  rows: (id: number) => apiPath(API.onboardingImportRows, { id }),
  apply: (id: number) => apiPath(API.onboardingImportApply, { id }),
  cancel: (id: number) => apiPath(API.onboardingImportCancel, { id }),
  refused: (id: number) => apiPath(API.onboardingImportRefused, { id }),
  template: API.onboardingTemplate,
  invitations: API.invitations,
  invitationCounts: API.invitationCounts,
  resend: (id: number) => apiPath(API.invitationResend, { id }),
  resendFailed: API.invitationsResendFailed,
} as const;
