import sanitizeHtml from 'sanitize-html';

const SAFE_LINK_REL = 'noopener noreferrer';

const LINK_TARGETS = new Set(['_blank', '_self']);

/** Targets other than a new tab or this one are dropped; a new tab must not get a handle on this page. */
function safeLinkAttributes(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const { target, ...rest } = attribs;
  if (target === undefined || !LINK_TARGETS.has(target)) return rest;
  return target === '_blank' ? { ...rest, target, rel: SAFE_LINK_REL } : { ...rest, target };
}

const RICH_TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['a', 'br'],
  allowedAttributes: {
    a: ['class', 'href', 'rel', 'target'],
    br: ['class'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: { a: (tagName, attribs) => ({ tagName, attribs: safeLinkAttributes(attribs) }) },
};

/**
 * Rich text reduced to links and line breaks before it is stored or shown (SPEC §5): only
 * `a` and `br`, only class, href, rel and target, and links only to http, https and mailto. Scripts,
 * styles and their contents are dropped; other tags are dropped but their text is kept.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT_OPTIONS);
}
