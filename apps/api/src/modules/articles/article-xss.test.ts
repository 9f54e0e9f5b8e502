import { adminArticleSchema, articleSavedSchema, repArticleSchema } from '@incentive/contracts';
import { Parser } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleFields, articlePng, articleWriteCounts, imagePart, sendForm } from '../../../test/article-fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';

/*
 * 50 classic XSS payloads in the content, the title and the lead of an article. Whatever the
 * editor sent, what the API stores and returns (to the admin preview and to a rep's phone) must
 * carry nothing that runs: checked by parsing the returned HTML, not by matching strings.
 */

const PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//xss.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="javascript:alert(1)">',
  '<img src=x:alert(alt) onerror=eval(src) alt=1>',
  '<img src=x onerror=&#97;&#108;&#101;&#114;&#116;(1)>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">x</text></a></svg>',
  '<svg><style><img src=x onerror=alert(1)></style></svg>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe src="https://evil.example/embed/x"></iframe>',
  '<iframe src="https://www.youtube.com/embed/x" onload="alert(1)" srcdoc="<script>alert(1)</script>"></iframe>',
  '<iframe src="data:text/html,<script>alert(1)</script>"></iframe>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="  javascript:alert(1)">x</a>',
  '<a href="java&#0;script:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="#" onclick="alert(1)">x</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<p style="width: expression(alert(1))">x</p>',
  '<div style="behavior: url(x.htc)">x</div>',
  '<style>@import "javascript:alert(1)";</style>',
  '<body onload=alert(1)>',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<button formaction="javascript:alert(1)">x</button>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<video><source onerror="alert(1)"></video>',
  '<marquee onstart=alert(1)>x</marquee>',
  '<p onclick="alert(1)" onmouseover="alert(1)">x</p>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<<script>script>alert(1)<</script>/script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '"><script>alert(1)</script>',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '<template><script>alert(1)</script></template><!--<img src=x onerror=alert(1)>--><![CDATA[<script>alert(1)</script>]]>',
];

const ALLOWED_IFRAME = /^https:\/\/(www\.youtube-nocookie\.com\/embed\/|player\.vimeo\.com\/video\/)/;
const BAD_URL = /^(javascript|data|vbscript):/i;

/** Every problem a browser could run, found by parsing `html` as markup. */
function dangers(html: string): string[] {
  const found: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (['script', 'style', 'object', 'embed', 'base', 'meta', 'form', 'svg', 'math', 'img'].includes(name)) {
          found.push(`<${name}>`);
        }
        for (const [attr, value] of Object.entries(attribs)) {
          if (/^on/i.test(attr)) found.push(`${name}[${attr}]`);
          if (attr === 'srcdoc' || attr === 'formaction') found.push(`${name}[${attr}]`);
          if (attr === 'style' && !/^text-align: (left|right|center|justify)$/.test(value))
            found.push(`${name}[style]`);
          // Browsers drop control characters and spaces from URLs before reading the scheme.
          const url = value.replace(/\p{Cc}|\s/gu, '');
          if (['href', 'src', 'action', 'xlink:href', 'data'].includes(attr) && BAD_URL.test(url)) {
            found.push(`${name}[${attr}=${value}]`);
          }
        }
        if (name === 'iframe' && !ALLOWED_IFRAME.test(attribs.src ?? '')) found.push(`iframe ${attribs.src}`);
      },
    },
    { decodeEntities: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return found;
}

/** Plain text has no tag at all: nothing a consumer that renders it as HTML could open. */
const hasMarkup = (text: string) => /<[a-z!/?]/i.test(text);

let t: TestApp;
let admin: string;
let seller: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@example.com');
  seller = await t.login('seller@example.com');
});
afterAll(async () => t?.close());

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

describe('50 XSS payloads in content, title and lead', () => {
  it('has 50 payloads, and the checker catches each of them before sanitizing', () => {
    expect(PAYLOADS).toHaveLength(50);
    expect(new Set(PAYLOADS).size).toBe(50);
    const caught = PAYLOADS.filter((p) => dangers(p).length > 0 || hasMarkup(p));
    // The entity-encoded one is text already; every other one is markup the checker flags.
    expect(caught.length).toBeGreaterThanOrEqual(49);
  });

  it.each(PAYLOADS.map((p, i) => [i + 1, p] as const))(
    'payload %i is stored and served harmless: %s',
    async (_, payload) => {
      const res = await sendForm(t, 'POST', '/api/admin/articles', admin, [
        ...articleFields({
          title: `Tytuł ${payload}`,
          excerpt: `Wstęp ${payload}`,
          content: `<p>Treść</p>${payload}<p>koniec</p>`,
        }),
        imagePart(await articlePng()),
      ]);
      expect(res.statusCode, res.body).toBe(201);
      const id = articleSavedSchema.parse(res.json()).article_id;
      const forAdmin = adminArticleSchema.parse((await get(`/api/admin/articles/${id}`, admin)).json());
      const forRep = repArticleSchema.parse((await get(`/api/articles/${id}`, seller)).json());
      for (const a of [forAdmin, forRep]) {
        expect(dangers(a.content), a.content).toEqual([]);
        expect(a.content).not.toMatch(/<script|javascript:|onerror|onload/i);
        expect(a.content).toContain('<p>Treść</p>');
        expect(hasMarkup(a.name), a.name).toBe(false);
        expect(hasMarkup(a.lead), a.lead).toBe(false);
        expect(a.name.startsWith('Tytuł')).toBe(true);
        expect(a.lead.startsWith('Wstęp')).toBe(true);
      }
      // The rep's list carries the same title and lead.
      const list = (await get('/api/articles?per_page=4', seller)).json() as { data: { id: number; name: string }[] };
      expect(list.data.find((a) => a.id === id)?.name).toBe(forRep.name);
    },
  );

  it('a payload that leaves nothing in a required field is refused and writes nothing', async () => {
    const before = await articleWriteCounts(t.db);
    for (const [field, key] of [
      ['title', 'Pole tytuł jest wymagane'],
      ['excerpt', 'Pole wstęp jest wymagane'],
      ['content', 'Pole treść jest wymagane'],
    ] as const) {
      const res = await sendForm(t, 'POST', '/api/admin/articles', admin, [
        ...articleFields({ [field]: '<script>alert(1)</script><img src=x onerror=alert(1)>' }),
        imagePart(await articlePng()),
      ]);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors?.[field]).toEqual([key]);
    }
    expect(await articleWriteCounts(t.db)).toEqual(before);
  });

  it('keeps the allow-listed video embeds (as youtube-nocookie) and plain links', async () => {
    const res = await sendForm(t, 'POST', '/api/admin/articles', admin, [
      ...articleFields({
        content:
          '<p><a href="https://example.com/oferta">oferta</a></p><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" width="560" height="315"></iframe><iframe src="https://player.vimeo.com/video/76979871"></iframe>',
      }),
      imagePart(await articlePng()),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const a = repArticleSchema.parse(
      (await get(`/api/articles/${articleSavedSchema.parse(res.json()).article_id}`, seller)).json(),
    );
    expect(a.content).toContain('src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"');
    expect(a.content).toContain('src="https://player.vimeo.com/video/76979871"');
    expect(a.content).toContain('href="https://example.com/oferta"');
    expect(dangers(a.content)).toEqual([]);
  });
});
