// A broadcast's Markdown as mail parts: HTML through marked, then sanitize-html with a short list of
// tags and only http(s) and mailto links (so no <script>, event handler, style or javascript: link
// reaches a mail), and a plain-text part derived from that sanitised HTML. Both libraries are loaded at
// the first render, not with the bundle every function loads.
import type sanitizeHtml from 'sanitize-html';

export interface BroadcastBody {
  html: string;
  text: string;
}

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'strong',
    'em',
    'del',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
  ],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
};

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

function textOf(html: string, sanitize: typeof sanitizeHtml): string {
  const marked = html
    .replace(/<a href="([^"]*)">([\s\S]*?)<\/a>/g, (_, href: string, label: string) =>
      label === href ? href : `${label} (${href})`,
    )
    .replace(/<li>/g, '- ')
    .replace(/<\/li>\s*/g, '\n')
    .replace(/<br ?\/?>|<hr ?\/?>/g, '\n')
    .replace(/<\/(p|h[1-4]|blockquote|pre|ul|ol)>/g, '\n');
  const stripped = sanitize(marked, { allowedTags: [], allowedAttributes: {} });
  return stripped
    .replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export async function renderMarkdown(markdown: string): Promise<BroadcastBody> {
  const [{ marked }, { default: sanitize }] = await Promise.all([import('marked'), import('sanitize-html')]);
  const raw = marked.parse(markdown, { async: false, gfm: true });
  const html = sanitize(raw, SANITIZE).trim();
  return { html, text: textOf(html, sanitize) };
}
