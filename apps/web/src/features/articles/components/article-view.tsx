import type { Image } from '@incentive/contracts';
import { IconArrowLeft } from '@tabler/icons-react';
import { VideoPlayer } from '../../../components/card-media.tsx';
import { LinkButton } from '../../../components/link-button.tsx';
import { ResponsiveImage } from '../../../components/responsive-image.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { registerStrings } from '../../../lib/lazy-strings.ts';
import { ARTICLE_IMAGE_SIZES, videoSource } from '../../../lib/video-source.ts';
import { articleStrings } from '../lib/strings.ts';
import classes from './article-view.module.css';

registerStrings(articleStrings);

/** What the view shows: the rep's article (GET /api/articles/{id}) or the back office's (its preview). */
export interface ArticleViewData {
  name: string;
  lead: string;
  /** Sanitized HTML: the server stored it through the shared allow-list (decision 020). */
  content: string;
  image: Image | null;
  video_url: string | null;
}

/**
 * One article as a rep reads it (SPEC.md section 2, the preview): the full-width image (or the
 * article's video when its link plays), the title, the lead, the content, and 'Inne artykuły' back
 * to the list the caller names (/articles-ph for a rep, /articles for the back office).
 */
export function ArticleView({ article, backTo }: { article: ArticleViewData; backTo: string }) {
  const { t } = useTranslation();
  const video = videoSource(article.video_url);
  return (
    <article className={classes.article} aria-labelledby="article-title" data-testid="article-view">
      {(video || article.image) && (
        <div className={classes.media}>
          {video ? (
            <VideoPlayer video={video} label={t('articlePh.videoTitle', { name: article.name })} eager />
          ) : article.image ? (
            <ResponsiveImage
              image={article.image}
              sizes={ARTICLE_IMAGE_SIZES}
              alt=""
              priority
              className={classes.image}
            />
          ) : null}
        </div>
      )}
      <h1 id="article-title" className={classes.title}>
        {article.name}
      </h1>
      <p className={classes.lead}>{article.lead}</p>
      <div
        className={classes.content}
        data-testid="article-content"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the API (sanitize-html) before it was stored
        dangerouslySetInnerHTML={{ __html: article.content }}
      />
      <div className={classes.back}>
        <LinkButton to={backTo}>
          <IconArrowLeft size={18} aria-hidden />
          {t('articlePh.others')}
        </LinkButton>
      </div>
    </article>
  );
}
