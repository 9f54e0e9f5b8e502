import sanitizeHtml from 'sanitize-html';

/**
 * Rich text is sanitized once, on the server, when it is saved, and rendered as stored
 * (docs/decisions/020-rich-text-sanitizing.md). ONE allow-list: what Mantine's tiptap editor
 * produces, nothing more. Anything else is dropped, its text kept.
 */

/** Video players a description may embed, by host and path prefix (https only). */
const VIDEO_EMBEDS: { hosts: string[]; path: string }[] = [
  { hosts: ['www.youtube-nocookie.com', 'youtube-nocookie.com'], path: '/embed/' },
  { hosts: ['www.youtube.com', 'youtube.com'], path: '/embed/' },
  { hosts: ['player.vimeo.com'], path: '/video/' },
];

/**
 * The embed URL to keep, or null. youtube.com embeds become youtube-nocookie.com ones: no
 * tracking cookies, and the Content-Security-Policy (app.ts, frame-src) allows only that host.
 */
export function videoEmbedUrl(src: string): string | null {
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return null;
  const embed = VIDEO_EMBEDS.find((e) => e.hosts.includes(url.hostname) && url.pathname.startsWith(e.path));
  if (!embed) return null;
  if (url.hostname.endsWith('youtube.com')) url.hostname = 'www.youtube-nocookie.com';
  return url.href;
}

const LINK_REL = 'noopener noreferrer nofollow';
const TEXT_ALIGN = /^\s*text-align\s*:\s*(left|right|center|justify)\s*;?\s*$/i;

/**
 * Blocks keep a style only when it is exactly one text-align, rewritten as tiptap writes it
 * ("text-align: center"), so the editor's HTML comes back unchanged; any other style goes.
 */
const aligned: sanitizeHtml.Transformer = (tagName, attribs) => {
  const { style, ...rest } = attribs;
  const align = style ? TEXT_ALIGN.exec(style)?.[1] : undefined;
  return { tagName, attribs: align ? { ...rest, style: `text-align: ${align.toLowerCase()}` } : rest };
};

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'h1',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'hr',
    'a',
    'mark',
    'sub',
    'sup',
    'iframe',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    p: ['style'],
    h1: ['style'],
    h2: ['style'],
    h3: ['style'],
    h4: ['style'],
    ol: ['start'],
    code: ['class'],
    iframe: ['src', 'width', 'height', 'allowfullscreen', 'title'],
  },
  // Code blocks name their language for highlighting; nothing else may carry a class.
  allowedClasses: { code: ['language-*'] },
  // Styles are checked by `aligned` above, which lets through one exact shape only.
  parseStyleAttributes: false,
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    p: aligned,
    h1: aligned,
    h2: aligned,
    h3: aligned,
    h4: aligned,
    // Links open in a new tab and pass neither the opener nor the referrer, nor any ranking.
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: '_blank', rel: LINK_REL } }),
    iframe: (tagName, attribs) => {
      const src = videoEmbedUrl(attribs.src ?? '');
      return { tagName, attribs: src ? { ...attribs, src } : {} };
    },
  },
  // An iframe whose source was refused goes entirely, fallback text included.
  exclusiveFilter: (frame) => frame.tag === 'iframe' && !frame.attribs.src,
  // A kept player shows no fallback text (browsers treat it as raw text anyway).
  textFilter: (text, tagName) => (tagName === 'iframe' ? '' : text),
};

/** The HTML to store: the allow-listed subset of `html`. */
export function sanitizeRichText(html: string): string {
  // Void tags as tiptap writes them (`<br>`, not `<br />`): the output escapes every `<` of text
  // and attributes, so these strings can only be the tags themselves.
  return sanitizeHtml(html, OPTIONS)
    .replace(/<(br|hr) \/>/g, '<$1>')
    .trim();
}

const TEXT_ONLY: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {} };
const INVISIBLE = /(&nbsp;|&#160;|[\s\u200b-\u200d\u2060\ufeff])+/g;

/**
 * True when the HTML shows no text once sanitized ('<p></p>', '<p><br></p>', spaces): what an
 * emptied editor sends, so "required" must treat it as missing. A video embed counts as content.
 */
export function isBlankRichText(html: string): boolean {
  const clean = sanitizeRichText(html);
  if (/<iframe\b/.test(clean)) return false;
  return sanitizeHtml(clean, TEXT_ONLY).replace(INVISIBLE, '') === '';
}

/**
 * Text that is never HTML (an article's title and lead): every tag goes, the contents of script
 * and style with it, and entities are decoded, so "Kawa &amp; herbata" is stored as "Kawa & herbata"
 * and React shows it as typed. Repeated until nothing changes, so an encoded payload
 * ("&lt;script&gt;") cannot come back as markup; a "<" still opening something tag-like after that
 * is dropped, so no consumer that renders it as HTML can get a tag out of it.
 */
export function plainText(text: string): string {
  let current = text;
  for (let i = 0; i < 5; i++) {
    const next = sanitizeHtml(current, TEXT_ONLY).replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
    if (next === current) break;
    current = next;
  }
  return current.replace(/<(?=[a-z!/?])/gi, '').trim();
}
