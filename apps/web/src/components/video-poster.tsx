import type { Image } from '@incentive/contracts';
import { IconPlayerPlayFilled, IconVideo } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '../lib/i18n.ts';
import { registerStrings } from '../lib/lazy-strings.ts';
import { CARD_SIZES, type VideoSource } from '../lib/video-source.ts';
import en from '../locales/video-poster/en.json';
import pl from '../locales/video-poster/pl.json';
import { ResponsiveImage } from './responsive-image.tsx';

// The poster's few texts come with its chunk, not in every page's entry.
registerStrings({ pl, en });

const FILL = { display: 'block', width: '100%', height: '100%', objectFit: 'cover' } as const;

/**
 * A video on a rep list's card (issue 27, point 11): a poster with a play button until the rep taps
 * it, then the player. No frame is loaded before the tap, so a list of videos costs a phone neither
 * data nor CPU. The poster is the host's still (YouTube's thumbnail), else the item's own image, else
 * a neutral placeholder; when the still does not load (the host unreachable) the placeholder says so.
 * Once playing, a link under the player opens the video on its host, for a player that stays empty.
 */
export function VideoPoster({
  video,
  link,
  label,
  image,
  priority,
  player,
}: {
  video: NonNullable<VideoSource>;
  /** The player, rendered only after the tap (card-media.tsx's VideoPlayer). */
  player: () => ReactNode;
  /** The video's link as the author gave it (opened in a new tab as the fallback). */
  link: string;
  label: string;
  image: Image | null;
  priority: boolean;
}) {
  const { t } = useTranslation();
  const [playing, setPlaying] = useState(false);
  const [stillFailed, setStillFailed] = useState(false);
  const still = video.kind === 'embed' && !stillFailed ? video.poster : undefined;
  if (playing) {
    return (
      <div style={{ position: 'relative', zIndex: 1, height: '100%', display: 'flex', flexDirection: 'column' }}>
        <div style={{ flex: 1, minHeight: 0, background: '#000' }}>{player()}</div>
        <a
          href={link}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="video-open-elsewhere"
          style={{
            fontSize: 13,
            padding: '4px 12px',
            background: 'var(--mantine-color-gray-1)',
            overflowWrap: 'anywhere',
          }}
        >
          {t('video.openElsewhere')}
        </a>
      </div>
    );
  }
  return (
    <button
      type="button"
      onClick={(e) => {
        e.stopPropagation();
        setPlaying(true);
      }}
      aria-label={t('video.play', { label })}
      data-testid="video-poster"
      style={{
        position: 'relative',
        zIndex: 1,
        display: 'block',
        width: '100%',
        height: '100%',
        padding: 0,
        border: 0,
        cursor: 'pointer',
        background: 'var(--mantine-color-gray-2)',
        color: 'var(--mantine-color-gray-7)',
      }}
    >
      {still ? (
        <img
          src={still}
          alt=""
          loading={priority ? 'eager' : 'lazy'}
          decoding="async"
          referrerPolicy="no-referrer"
          onError={() => setStillFailed(true)}
          style={FILL}
        />
      ) : image ? (
        <ResponsiveImage image={image} sizes={CARD_SIZES} alt="" priority={priority} style={FILL} />
      ) : (
        <span
          style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 6 }}
          data-testid="video-placeholder"
        >
          <IconVideo size={48} stroke={1.25} aria-hidden />
          {stillFailed && <span style={{ fontSize: 14 }}>{t('video.noPreview')}</span>}
        </span>
      )}
      <span
        aria-hidden
        style={{
          position: 'absolute',
          left: '50%',
          top: '50%',
          width: 64,
          height: 64,
          marginLeft: -32,
          marginTop: -32,
          borderRadius: 32,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          background: 'rgb(0 0 0 / 0.65)',
          color: '#fff',
        }}
      >
        <IconPlayerPlayFilled size={30} />
      </span>
    </button>
  );
}
