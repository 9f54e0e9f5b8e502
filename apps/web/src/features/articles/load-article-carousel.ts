// As load-article-list-page.ts: swiper's and the carousel's files are named here, not in the rep home's first load.
export const loadArticleCarousel = () => import('./components/article-carousel.tsx');
