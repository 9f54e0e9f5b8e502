import { API, apiPath } from '@incentive/contracts';

/** The challenge back office's API paths (SPEC.md section 7 "Challenges"; issue 15), from the contracts. */
export const CHALLENGE_ADMIN_API = {
  challenges: API.challenges,
  challenge: (id: number) => apiPath(API.challenge, { id }),
  ranking: (id: number) => apiPath(API.challengeRanking, { id }),
  rankingCsv: (id: number) => apiPath(API.challengeRankingExport, { id }),
  products: API.products,
  product: (id: number) => apiPath(API.product, { id }),
  articles: API.adminArticles,
  salesImports: API.salesImports,
  salesImportRejected: (id: number) => apiPath(API.salesImportRejected, { id }),
  salesImport: (id: number) => apiPath(API.salesImport, { id }),
  salesImportRevert: (id: number) => apiPath(API.salesImportRevert, { id }),
  salesImportHeld: (id: number) => apiPath(API.salesImportHeld, { id }),
  salesImportHeldConfirm: (id: number) => apiPath(API.salesImportHeldConfirm, { id }),
  salesImportHeldReject: (id: number) => apiPath(API.salesImportHeldReject, { id }),
  salesImportSettings: API.salesImportSettings,
  managerReclaims: API.salesManagerReclaims,
} as const;
