import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './rich-text';

describe('sanitizeRichText keeps links and line breaks', () => {
  it.each([
    ['plain text', 'Hello world', 'Hello world'],
    ['a line break', 'one<br>two', 'one<br />two'],
    ['a line break with a class', 'one<br class="gap">two', 'one<br class="gap" />two'],
    [
      'an https link with every allowed attribute',
      '<a href="https://example.com/terms" class="link" rel="nofollow" target="_self">Terms</a>',
      '<a href="https://example.com/terms" class="link" rel="nofollow" target="_self">Terms</a>',
    ],
    ['an http link', '<a href="http://example.com">x</a>', '<a href="http://example.com">x</a>'],
    [
      'a mailto link',
      '<a href="mailto:support@example.com">Support</a>',
      '<a href="mailto:support@example.com">Support</a>',
    ],
    ['a relative link', '<a href="/campaigns/1">Campaign</a>', '<a href="/campaigns/1">Campaign</a>'],
    [
      'a new tab, made safe',
      '<a href="https://example.com" target="_blank">x</a>',
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    ],
    ['escaped text', 'Tom &amp; Jerry &lt;3', 'Tom &amp; Jerry &lt;3'],
  ])('%s', (_case, html, expected) => {
    expect(sanitizeRichText(html)).toBe(expected);
  });
});

describe('sanitizeRichText removes everything else', () => {
  it.each([
    ['a script tag and its content', 'Hi<script>alert(1)</script>', 'Hi'],
    ['a script tag in upper case', 'Hi<SCRIPT>alert(1)</SCRIPT>', 'Hi'],
    ['a style tag and its content', '<style>body{display:none}</style>Hi', 'Hi'],
    [
      'an inline style',
      '<a href="https://example.com" style="position:fixed">x</a>',
      '<a href="https://example.com">x</a>',
    ],
    ['an image with onerror', '<img src=x onerror="alert(1)">Hi', 'Hi'],
    [
      'an event handler on a link',
      '<a href="https://example.com" onclick="alert(1)">x</a>',
      '<a href="https://example.com">x</a>',
    ],
    ['an event handler on a line break', '<br onmouseover="alert(1)">', '<br />'],
    ['an svg with onload', '<svg onload="alert(1)"><circle r="5"></circle></svg>ok', 'ok'],
    ['a script inside an svg', '<svg><script>alert(1)</script></svg>ok', 'ok'],
    ['an iframe', '<iframe src="https://evil.example"></iframe>ok', 'ok'],
    ['a form', '<form action="https://evil.example"><input name="x"><button>Go</button></form>', 'Go'],
    ['other tags, keeping their text', '<p><b>Bold</b> and <i>italic</i></p>', 'Bold and italic'],
    ['an HTML comment', 'a<!-- <script>alert(1)</script> -->b', 'ab'],
    [
      'a disallowed target',
      '<a href="https://example.com" target="_top">x</a>',
      '<a href="https://example.com">x</a>',
    ],
    ['an id attribute', '<a href="https://example.com" id="x">x</a>', '<a href="https://example.com">x</a>'],
  ])('%s', (_case, html, expected) => {
    expect(sanitizeRichText(html)).toBe(expected);
  });

  it.each([
    ['javascript:', '<a href="javascript:alert(1)">x</a>'],
    ['JavaScript: in mixed case', '<a href="JaVaScRiPt:alert(1)">x</a>'],
    ['leading spaces', '<a href="   javascript:alert(1)">x</a>'],
    ['an encoded tab', '<a href="jav&#x09;ascript:alert(1)">x</a>'],
    ['an encoded newline', '<a href="java&#10;script:alert(1)">x</a>'],
    ['a decimal entity', '<a href="&#106;avascript:alert(1)">x</a>'],
    [
      'hex entities throughout',
      '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>',
    ],
    ['an entity without a semicolon', '<a href="&#106avascript:alert(1)">x</a>'],
    ['a named entity for the colon', '<a href="javascript&colon;alert(1)">x</a>'],
    ['a control character', '<a href="\u0001javascript:alert(1)">x</a>'],
    ['a data: URL', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>'],
    ['a data: URL in upper case', '<a href="DATA:text/html,<script>alert(1)</script>">x</a>'],
    ['vbscript:', '<a href="vbscript:msgbox(1)">x</a>'],
    ['a protocol-relative link', '<a href="//evil.example">x</a>'],
    ['an ftp link', '<a href="ftp://example.com/file">x</a>'],
  ])('drops the href of %s', (_case, html) => {
    expect(sanitizeRichText(html)).toBe('<a>x</a>');
  });
});
