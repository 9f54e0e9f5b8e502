// As features/articles/load-article-carousel.ts: the box's files are named here, not in the rep home's first load.
export const loadChallengeBox = () => import('./components/challenge-box.tsx');
