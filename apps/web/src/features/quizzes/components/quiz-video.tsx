import { videoSource } from '../../../lib/video-source.ts';

/**
 * The quiz's video on its intro (issue 27 point 3): the YouTube or Vimeo player, or the file in
 * <video>, always with its controls and never playing by itself, so the rep starts it (and spends
 * the data) only when they want to. Nothing for a link that does not play.
 */
export function QuizVideo({ url, label }: { url: string | null; label: string }) {
  const video = videoSource(url);
  if (!video) return null;
  const style = { border: 0, width: '100%', aspectRatio: '16 / 9', display: 'block', borderRadius: 8 };
  if (video.kind === 'file') {
    // biome-ignore lint/a11y/useMediaCaption: the programme's own videos come without caption files
    return <video src={video.src} controls playsInline preload="metadata" aria-label={label} style={style} />;
  }
  // The list's players autoplay muted and loop; here the player waits for the rep, with its controls.
  const src = new URL(video.src);
  for (const key of ['autoplay', 'mute', 'muted', 'loop', 'playlist']) src.searchParams.delete(key);
  src.searchParams.set('autoplay', '0');
  if (src.hostname.includes('youtube')) src.searchParams.set('controls', '1');
  return (
    <iframe
      src={src.href}
      title={label}
      allow="encrypted-media; picture-in-picture; fullscreen"
      allowFullScreen
      loading="lazy"
      referrerPolicy="strict-origin-when-cross-origin"
      style={style}
    />
  );
}
