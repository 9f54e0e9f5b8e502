import { describe, expect, test } from 'vitest';
import { videoSource } from './video-source.ts';

describe('videoSource', () => {
  test('YouTube links of every shape become the muted, autoplaying nocookie player', () => {
    for (const link of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10s',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://m.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
    ]) {
      const v = videoSource(link);
      expect(v?.kind, link).toBe('embed');
      const url = new URL(v?.src ?? '');
      expect(url.origin + url.pathname).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
      expect(url.searchParams.get('autoplay')).toBe('1');
      expect(url.searchParams.get('mute')).toBe('1');
      expect(url.searchParams.get('playlist')).toBe('dQw4w9WgXcQ');
    }
  });

  test('Vimeo links become the muted, autoplaying Vimeo player', () => {
    for (const link of ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871?h=abc']) {
      const v = videoSource(link);
      expect(v?.kind).toBe('embed');
      const url = new URL(v?.src ?? '');
      expect(url.origin + url.pathname).toBe('https://player.vimeo.com/video/76979871');
      expect(url.searchParams.get('muted')).toBe('1');
      expect(url.searchParams.get('autoplay')).toBe('1');
    }
  });

  test('a video file plays in <video>', () => {
    expect(videoSource('https://cdn.example.com/clips/intro.mp4?x=1')).toEqual({
      kind: 'file',
      src: 'https://cdn.example.com/clips/intro.mp4?x=1',
    });
  });

  test('nothing, garbage and other pages are not playable', () => {
    for (const link of [
      null,
      undefined,
      '',
      'not a url',
      'javascript:alert(1)',
      'https://example.com/page',
      'https://www.youtube.com/watch?v=<script>',
      'https://evil.example/youtube.com/watch?v=dQw4w9WgXcQ',
      'https://vimeo.com/channels/staffpicks',
    ]) {
      expect(videoSource(link), String(link)).toBeNull();
    }
  });
});
