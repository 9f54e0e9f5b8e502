/**
 * What a quiz's or an article's video link plays as on a card (SPEC.md section 2, rep lists: autoplay, muted).
 * YouTube and Vimeo links become their embed players (the only frame hosts the API's CSP allows);
 * a link to a video file plays in <video>; anything else is not playable and the card falls back
 * to the image or the placeholder.
 */
export type VideoSource =
  | {
      kind: 'embed';
      src: string;
      /** The host's still of the video (YouTube's thumbnail), the poster a rep list shows until a tap. */
      poster?: string;
    }
  | { kind: 'file'; src: string }
  | null;

const YOUTUBE_ID = /^[\w-]{6,20}$/;
const VIMEO_ID = /^\d{1,12}$/;
const FILE_EXT = /\.(mp4|webm|ogv|ogg|mov|m4v)$/i;

function youtubeId(url: URL): string | null {
  const host = url.hostname.replace(/^(www\.|m\.)/, '');
  let id: string | null | undefined = null;
  if (host === 'youtu.be') id = url.pathname.split('/')[1];
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const [, first, second] = url.pathname.split('/');
    id =
      first === 'watch'
        ? url.searchParams.get('v')
        : ['embed', 'shorts', 'live', 'v'].includes(first ?? '')
          ? second
          : null;
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

function vimeoId(url: URL): string | null {
  const host = url.hostname.replace(/^www\./, '');
  if (host !== 'vimeo.com' && host !== 'player.vimeo.com') return null;
  const id = url.pathname
    .split('/')
    .filter(Boolean)
    .find((part) => VIMEO_ID.test(part));
  return id ?? null;
}

export function videoSource(link: string | null | undefined): VideoSource {
  if (!link) return null;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const yt = youtubeId(url);
  if (yt) {
    // loop needs the playlist of itself; playsinline keeps iOS from going full screen.
    const q = new URLSearchParams({ autoplay: '1', mute: '1', playsinline: '1', loop: '1', playlist: yt, rel: '0' });
    return {
      kind: 'embed',
      src: `https://www.youtube-nocookie.com/embed/${yt}?${q}`,
      // 480×360, the size every video has (maxresdefault is missing for many); CSP img-src allows the host.
      poster: `https://i.ytimg.com/vi/${yt}/hqdefault.jpg`,
    };
  }
  const vimeo = vimeoId(url);
  if (vimeo) {
    const q = new URLSearchParams({ autoplay: '1', muted: '1', loop: '1', playsinline: '1' });
    return { kind: 'embed', src: `https://player.vimeo.com/video/${vimeo}?${q}` };
  }
  if (FILE_EXT.test(url.pathname)) return { kind: 'file', src: url.href };
  return null;
}

/** SPEC.md section 2: the card's video height by window width. */
export const VIDEO_HEIGHTS = { base: 240, sm: 350, md: 250, lg: 280 } as const;

/*
 * The image of a card's box (components/card-media.tsx): half the content width from 992 px (two
 * columns), the whole width below; the container stops at 1320 px. A phone at 2x or 3x would take the
 * 1280 px rendition (65 kB for a photo) for a 240 px tall card: the sizes claim a narrower card on
 * dense screens, so a 360-430 px phone takes the 640 px WebP (as the home carousel does). A rep
 * list's first-load HTML picks the same file for its shell (decision 030).
 */
export const CARD_SIZES =
  '(min-width: 1320px) 640px, (min-width: 992px) 50vw, (min-resolution: 2.5dppx) 48vw, (min-resolution: 1.5dppx) 74vw, 100vw';

/**
 * An article's image spans its column: the whole phone width, at most 860 px from a desktop
 * (features/articles/components/article-view.tsx). The article's first-load HTML picks the same
 * file for its shell (decision 033).
 */
export const ARTICLE_IMAGE_SIZES = '(min-width: 900px) 860px, 100vw';

/**
 * A challenge's cover is at most two fifths of the 1320 px container beside its intro, the whole
 * width on phones (features/challenges/components/challenge-view.tsx). The challenges' first-load
 * HTML picks the same file for its shell (decision 033).
 */
export const COVER_SIZES = '(min-width: 1320px) 520px, (min-width: 768px) 40vw, (min-resolution: 1.5dppx) 74vw, 100vw';
