import type { Image } from '@incentive/contracts';
import { Box, Center } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { CARD_SIZES, VIDEO_HEIGHTS, type VideoSource, videoSource } from '../lib/video-source.ts';
import { ResponsiveImage } from './responsive-image.tsx';

/** Only a list that has a video fetches the poster's code (the rep pages' first-load budget). */
const VideoPoster = lazy(() => import('./video-poster.tsx').then((m) => ({ default: m.VideoPoster })));

/**
 * The top of a rep list's card, quiz or article (SPEC.md section 2, rep lists): the video's poster,
 * whose tap loads the player (components/video-poster.tsx; issue 27 replaced the autoplaying frames),
 * else the image, else a placeholder; all in one box of the spec's video heights so the cards line
 * up. `videoLabel` names the video for screen readers. `fit="contain"` shows an image whole (a
 * product's packshot), on the box's neutral background.
 */
export function CardMedia({
  image,
  videoUrl,
  videoLabel,
  priority,
  fit = 'cover',
}: {
  image: Image | null;
  videoUrl: string | null;
  videoLabel: string;
  priority: boolean;
  fit?: 'cover' | 'contain';
}) {
  const video = videoSource(videoUrl);
  return (
    <Box h={VIDEO_HEIGHTS} bg="gray.1" style={{ overflow: 'hidden' }} data-testid="card-media">
      {video && videoUrl ? (
        <Suspense fallback={null}>
          <VideoPoster
            video={video}
            link={videoUrl}
            label={videoLabel}
            image={image}
            priority={priority}
            player={() => <VideoPlayer video={video} label={videoLabel} eager cover />}
          />
        </Suspense>
      ) : image ? (
        <ResponsiveImage
          image={image}
          sizes={CARD_SIZES}
          alt=""
          priority={priority}
          style={{ width: '100%', height: '100%', objectFit: fit }}
        />
      ) : (
        <Center h="100%" c="gray.5" aria-hidden>
          <IconPhoto size={64} stroke={1.25} />
        </Center>
      )}
    </Box>
  );
}

/**
 * A playable video link (lib/video-source.ts): the YouTube or Vimeo player, or a video file muted
 * and looping. `cover` fills a card's box; without it the player keeps 16:9 and shows its controls.
 */
export function VideoPlayer({
  video,
  label,
  eager,
  cover = false,
  className,
}: {
  video: NonNullable<VideoSource>;
  label: string;
  eager: boolean;
  cover?: boolean;
  className?: string;
}) {
  const style = cover
    ? { border: 0, width: '100%', height: '100%', display: 'block', objectFit: 'cover' as const }
    : { border: 0, width: '100%', aspectRatio: '16 / 9', display: 'block' };
  return video.kind === 'embed' ? (
    <iframe
      src={video.src}
      title={label}
      allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
      allowFullScreen
      loading={eager ? 'eager' : 'lazy'}
      referrerPolicy="strict-origin-when-cross-origin"
      className={className}
      style={style}
    />
  ) : (
    <video
      src={video.src}
      autoPlay
      muted
      loop
      playsInline
      controls={!cover}
      preload="metadata"
      aria-label={label}
      className={className}
      style={style}
    />
  );
}
