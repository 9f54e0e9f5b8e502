import { describe, expect, it } from 'vitest';
import { isBlankRichText, plainText, sanitizeRichText, videoEmbedUrl } from './rich-text.ts';

/** HTML as Mantine's RichTextEditor (tiptap 3, StarterKit + link, highlight, sub/sup, text-align) writes it. */
const TIPTAP_OUTPUTS = [
  '<p></p>',
  '<p>Zażółć gęślą jaźń</p>',
  '<p>Hello <strong>bold</strong> <em>italic</em> <u>underline</u> <s>strike</s> <code>code</code> <mark>marked</mark> H<sub>2</sub>O x<sup>2</sup></p>',
  '<h1>Title</h1><h2 style="text-align: center">Centred</h2><h3 style="text-align: right">Right</h3><h4 style="text-align: justify">Justified</h4>',
  '<p style="text-align: left">a</p><p style="text-align: center">b</p>',
  '<ul><li><p>one</p></li><li><p>two</p><ul><li><p>nested</p></li></ul></li></ul>',
  '<ol><li><p>first</p></li></ol><ol start="3"><li><p>third</p></li></ol>',
  '<blockquote><p>Quoted</p></blockquote>',
  '<pre><code>const a = 1;\nif (a &lt; 2) return;</code></pre>',
  '<pre><code class="language-typescript">let x: number;</code></pre>',
  '<p>line<br>break</p><hr><p>after</p>',
  '<p>a &amp; b &lt;c&gt; "quoted" \'single\'</p>',
  '<p>Go to <a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/path?a=1&amp;b=2">the site</a> or <a target="_blank" rel="noopener noreferrer nofollow" href="mailto:biuro@example.com">write</a>.</p>',
  '<p><strong><em><u>all three</u></em></strong></p>',
  '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" width="640" height="360" allowfullscreen="true"></iframe>',
  '<iframe src="https://player.vimeo.com/video/76979871"></iframe>',
];

/** OWASP XSS cheat-sheet style vectors, and the exact safe HTML each leaves. */
const XSS: [string, string][] = [
  ['<script>alert(1)</script>', ''],
  ['<p>a<script>alert(1)</script>b</p>', '<p>ab</p>'],
  ['<img src=x onerror=alert(1)>', ''],
  ['<svg onload=alert(1)><circle r="1"/></svg>', ''],
  ['<svg><script>alert(1)</script></svg>', ''],
  ['<p onclick="alert(1)" onmouseover=alert(1)>x</p>', '<p>x</p>'],
  ['<a href="javascript:alert(1)">x</a>', '<a target="_blank" rel="noopener noreferrer nofollow">x</a>'],
  ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a target="_blank" rel="noopener noreferrer nofollow">x</a>'],
  ['<a href="jav&#x09;ascript:alert(1)">x</a>', '<a target="_blank" rel="noopener noreferrer nofollow">x</a>'],
  [
    '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
    '<a target="_blank" rel="noopener noreferrer nofollow">x</a>',
  ],
  ['<a href=" javascript:alert(1)">x</a>', '<a target="_blank" rel="noopener noreferrer nofollow">x</a>'],
  ['<a href="vbscript:msgbox(1)">x</a>', '<a target="_blank" rel="noopener noreferrer nofollow">x</a>'],
  [
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
    '<a target="_blank" rel="noopener noreferrer nofollow">x</a>',
  ],
  ['<a href="//evil.example/">x</a>', '<a target="_blank" rel="noopener noreferrer nofollow">x</a>'],
  [
    '<a href="https://ok.example/" onmouseover="alert(1)" target="_self" rel="opener">x</a>',
    '<a href="https://ok.example/" target="_blank" rel="noopener noreferrer nofollow">x</a>',
  ],
  ['<p style="background:url(javascript:alert(1))">x</p>', '<p>x</p>'],
  ['<p style="text-align: center; background: red">x</p>', '<p>x</p>'],
  ['<p style="text-align: expression(alert(1))">x</p>', '<p>x</p>'],
  ['<p style="TEXT-ALIGN:CENTER;">x</p>', '<p style="text-align: center">x</p>'],
  ['<mark style="background-color: red" data-color="red">x</mark>', '<mark>x</mark>'],
  ['<iframe src="javascript:alert(1)"></iframe>', ''],
  ['<iframe srcdoc="<script>alert(1)</script>"></iframe>', ''],
  ['<iframe src="https://evil.example/embed/x">fallback <b>text</b></iframe><p>after</p>', '<p>after</p>'],
  ['<iframe src="http://www.youtube.com/embed/x"></iframe>', ''],
  ['<iframe src="https://www.youtube.com.evil.example/embed/x"></iframe>', ''],
  ['<iframe src="https://www.youtube.com/watch?v=x"></iframe>', ''],
  ['<iframe src="https://user@www.youtube.com/embed/x"></iframe>', ''],
  [
    '<iframe src="https://player.vimeo.com/video/1" onload="alert(1)" sandbox="" style="x">t<script>alert(1)</script></iframe>',
    '<iframe src="https://player.vimeo.com/video/1"></iframe>',
  ],
  [
    '<iframe src="https://www.youtube.com/embed/abc?start=10"></iframe>',
    '<iframe src="https://www.youtube-nocookie.com/embed/abc?start=10"></iframe>',
  ],
  ['<object data="x.swf"></object><embed src="x.swf">', ''],
  ['<form action="https://evil.example"><input name="p"><button>Go</button></form>', 'Go'],
  ['<style>body{display:none}</style><p>x</p>', '<p>x</p>'],
  [
    '<link rel="stylesheet" href="https://evil.example/x.css"><meta http-equiv="refresh" content="0;url=https://evil.example"><base href="https://evil.example/">',
    '',
  ],
  ['<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', ''],
  ['<noscript><p title="</noscript><img src=x onerror=alert(1)>">', '<p></p>'],
  ['<<script>script>alert(1)<</script>/script>', '&lt;/script&gt;'],
  ['<!--<img src=x onerror=alert(1)>--><p>x</p>', '<p>x</p>'],
  ['<div class="x" id="y"><p>in a div</p></div>', '<p>in a div</p>'],
  ['<p class="evil" id="top" data-x="1">x</p>', '<p>x</p>'],
  ['<code class="hljs language-js x">y</code>', '<code class="language-js">y</code>'],
  ['<img src="https://ok.example/x.png" alt="pic">', ''],
  ['<table><tr><td>cell</td></tr></table>', 'cell'],
  ['<h5>small</h5><h6>smaller</h6>', 'smallsmaller'],
  ['<p><span style="color:red">red</span></p>', '<p>red</p>'],
  ['<textarea><script>alert(1)</script></textarea>', ''],
  ['<xmp><img src=x onerror=alert(1)></xmp>', ''],
  ['<ol start="javascript:alert(1)" onclick="x"><li>a</li></ol>', '<ol start="javascript:alert(1)"><li>a</li></ol>'],
];

/** Whatever the input, the output contains none of these. */
const FORBIDDEN = [
  /<(script|img|svg|style|object|embed|form|input|math|link|meta|base|div|span|table|textarea|xmp|noscript)\b/i,
  /<[^>]+\son[a-z]+\s*=/i,
  /(href|src)="(?!https:|http:|mailto:)/i,
  /<iframe(?! src="https:\/\/(www\.youtube-nocookie\.com\/embed\/|player\.vimeo\.com\/video\/))/i,
];

describe('sanitizeRichText', () => {
  it.each(TIPTAP_OUTPUTS)("keeps tiptap's HTML unchanged: %s", (html) => {
    expect(sanitizeRichText(html)).toBe(html);
  });

  it.each(XSS)('makes %s safe', (input, expected) => {
    const out = sanitizeRichText(input);
    expect(out).toBe(expected);
    for (const pattern of FORBIDDEN) expect(out).not.toMatch(pattern);
    // Sanitizing what was stored changes nothing more.
    expect(sanitizeRichText(out)).toBe(out);
  });

  it('keeps http links and makes every link open safely in a new tab', () => {
    expect(sanitizeRichText('<a href="http://example.com">x</a>')).toBe(
      '<a href="http://example.com" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
  });

  it('turns non-breaking spaces into the character (the same text)', () => {
    expect(sanitizeRichText('<p>a&nbsp;b</p>')).toBe('<p>a\u00a0b</p>');
  });
});

describe('videoEmbedUrl', () => {
  it('takes https embeds of the allowed players only', () => {
    expect(videoEmbedUrl('https://youtube.com/embed/x')).toBe('https://www.youtube-nocookie.com/embed/x');
    expect(videoEmbedUrl('https://www.youtube-nocookie.com/embed/x')).toBe('https://www.youtube-nocookie.com/embed/x');
    expect(videoEmbedUrl('https://player.vimeo.com/video/1?h=2')).toBe('https://player.vimeo.com/video/1?h=2');
    for (const bad of [
      '',
      'not a url',
      '/embed/x',
      'https://vimeo.com/1',
      'https://player.vimeo.com/other/1',
      'https://www.youtube.com:8443/embed/x',
      'https://evil.example/?https://www.youtube.com/embed/x',
    ]) {
      expect(videoEmbedUrl(bad), bad).toBeNull();
    }
  });
});

describe('isBlankRichText', () => {
  it('is true when nothing visible is left', () => {
    for (const html of [
      '',
      '   ',
      '<p></p>',
      '<p><br></p>',
      '<p> &nbsp; </p><p></p>',
      '<h1>\u200b</h1>',
      '<script>alert(1)</script>',
      '<img src=x>',
      '<hr>',
    ]) {
      expect(isBlankRichText(html), html).toBe(true);
    }
  });

  it('is false for any visible text or a video', () => {
    for (const html of [
      '<p>a</p>',
      '<p><br></p><p>.</p>',
      'plain',
      '<iframe src="https://player.vimeo.com/video/1"></iframe>',
    ]) {
      expect(isBlankRichText(html), html).toBe(false);
    }
  });
});

describe('plainText', () => {
  it('keeps text as typed: entities decoded, no tags, comparison signs kept', () => {
    expect(plainText('Kawa &amp; herbata')).toBe('Kawa & herbata');
    expect(plainText('1 < 2 > 0 "cytat" \'x\'')).toBe('1 < 2 > 0 "cytat" \'x\'');
    expect(plainText('  Zażółć <b>gęślą</b> jaźń  ')).toBe('Zażółć gęślą jaźń');
  });

  it('leaves nothing tag-like, even from encoded or nested payloads', () => {
    for (const payload of [
      '<script>alert(1)</script>',
      '&lt;script&gt;alert(1)&lt;/script&gt;',
      '&amp;lt;img src=x onerror=alert(1)&amp;gt;',
      '<scr<script>ipt>alert(1)</script>',
      '<<b>script>alert(1)<</b>/script>',
      '<img src=x onerror=alert(1)>',
      'x <a',
      '<!-- x --><![CDATA[y]]><?php ?>',
    ]) {
      expect(plainText(payload), payload).not.toMatch(/<[a-z!/?]/i);
    }
    expect(plainText('<script>alert(1)</script>Tytuł')).toBe('Tytuł');
  });
});
