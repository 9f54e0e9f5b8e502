import type { RepArticleListItem } from '@incentive/contracts';
import { IconArrowRight, IconChevronLeft, IconChevronRight, IconNews } from '@tabler/icons-react';
import { useRef } from 'react';
import { Link } from 'react-router';
import { A11y, EffectCoverflow, Keyboard, Navigation } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import { registerStrings } from '../../../lib/lazy-strings.ts';
import { articleStrings } from '../lib/strings.ts';
import 'swiper/css';
import 'swiper/css/a11y';
import 'swiper/css/effect-coverflow';
import { LinkButton } from '../../../components/link-button.tsx';
import { Loading } from '../../../components/loading.tsx';
import { ResponsiveImage } from '../../../components/responsive-image.tsx';
import { CAROUSEL_HEIGHT, CAROUSEL_IMAGE_HEIGHT } from '../../../first-load/sizes.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../lib/paths.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useCarouselArticles } from '../api/get-rep-articles.ts';
import { carouselSlides } from '../lib/carousel-slides.ts';
import classes from './article-carousel.module.css';

registerStrings(articleStrings);

/*
 * The slide is the whole width below 992 px and a third of the 1320 px container above it. A
 * phone's density past ~1.75× buys nothing visible on a 200 px tall cover, so on dense screens the
 * sizes claim a narrower slide: a 360-430 px phone at 2× or 3× takes the 640 px WebP, never the
 * 960 or 1280 (decision 024); a 1× screen takes the width it shows.
 */
const SLIDE_SIZES =
  '(min-width: 1320px) 430px, (min-width: 992px) 33vw, (min-resolution: 2.5dppx) 48vw, (min-resolution: 1.5dppx) 74vw, 100vw';

/**
 * The rep home's article carousel (SPEC.md section 2): up to 100 articles with image, title and
 * lead; coverflow, loop, centred; 1 slide from 320 px, 3 from 992 px; short lists repeated. Its own
 * lazy chunk carries swiper's code and CSS, so the rep home's first load does not (decision 024).
 */
export default function ArticleCarousel() {
  const { t } = useTranslation();
  const { data, error, isPending } = useCarouselArticles();
  useErrorToast(error, 'article.toast.errorList');
  const prev = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const slides = carouselSlides(data ?? []);

  return (
    <section
      className={classes.section}
      style={{ height: CAROUSEL_HEIGHT }}
      aria-labelledby="article-carousel-title"
      data-testid="article-carousel"
    >
      <div className={classes.head}>
        <h2 id="article-carousel-title" className={classes.heading}>
          {t('articlePh.carousel.title')}
        </h2>
        <div className={classes.actions}>
          {/* Drawn from the start (hidden until there are slides) so the row does not move when they arrive. */}
          <button
            type="button"
            ref={prev}
            className={classes.nav}
            aria-label={t('articlePh.carousel.prev')}
            disabled={slides.length === 0}
            style={slides.length === 0 ? { visibility: 'hidden' } : undefined}
          >
            <IconChevronLeft size={20} aria-hidden />
          </button>
          <button
            type="button"
            ref={next}
            className={classes.nav}
            aria-label={t('articlePh.carousel.next')}
            disabled={slides.length === 0}
            style={slides.length === 0 ? { visibility: 'hidden' } : undefined}
          >
            <IconChevronRight size={20} aria-hidden />
          </button>
          <LinkButton to={paths.articlesPh()} label={t('articlePh.carousel.more')}>
            {t('articlePh.more')}
            <IconArrowRight size={18} aria-hidden />
          </LinkButton>
        </div>
      </div>
      {slides.length > 0 ? (
        <Swiper
          className={classes.swiper}
          style={{ width: '100%' }}
          modules={[EffectCoverflow, Navigation, Keyboard, A11y]}
          effect="coverflow"
          coverflowEffect={{ rotate: 30, stretch: 0, depth: 120, modifier: 1, slideShadows: false }}
          loop
          centeredSlides
          grabCursor
          slidesPerView={1}
          spaceBetween={16}
          breakpoints={{ 320: { slidesPerView: 1 }, 992: { slidesPerView: 3 } }}
          keyboard={{ enabled: true, onlyInViewport: true }}
          onBeforeInit={(swiper) => {
            // The arrows live in the heading row, outside the slides: hand swiper the buttons before it starts.
            if (typeof swiper.params.navigation === 'object') {
              swiper.params.navigation.prevEl = prev.current;
              swiper.params.navigation.nextEl = next.current;
            }
          }}
          navigation={{ prevEl: prev.current, nextEl: next.current }}
          a11y={{
            prevSlideMessage: t('articlePh.carousel.prev'),
            nextSlideMessage: t('articlePh.carousel.next'),
            firstSlideMessage: t('articlePh.carousel.first'),
            lastSlideMessage: t('articlePh.carousel.last'),
            containerMessage: t('articlePh.carousel.label'),
            // Swiper fills {{index}} and {{slidesLength}} itself.
            slideLabelMessage: t('articlePh.carousel.slide'),
            itemRoleDescriptionMessage: null,
            containerRoleDescriptionMessage: null,
          }}
        >
          {slides.map(({ item, key }) => (
            <SwiperSlide key={key} className={classes.slide} data-article-id={item.id}>
              <CarouselCard article={item} />
            </SwiperSlide>
          ))}
        </Swiper>
      ) : (
        <div className={classes.placeholder} aria-busy={isPending && !error}>
          {isPending && !error ? (
            <Loading />
          ) : (
            <>
              <IconNews size={28} stroke={1.5} aria-hidden />
              <span>{t('articlePh.carousel.empty')}</span>
            </>
          )}
        </div>
      )}
    </section>
  );
}

function CarouselCard({ article }: { article: RepArticleListItem }) {
  return (
    <Link to={paths.articlePh(article.id)} className={classes.card} draggable={false}>
      <div className={classes.media} style={{ height: CAROUSEL_IMAGE_HEIGHT }}>
        {article.image && (
          <ResponsiveImage image={article.image} sizes={SLIDE_SIZES} alt="" className={classes.image} />
        )}
      </div>
      <div className={classes.body}>
        <h3 className={classes.title}>{article.name}</h3>
        <p className={classes.lead}>{article.lead}</p>
      </div>
    </Link>
  );
}
