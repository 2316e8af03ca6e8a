import { describe, expect, it } from 'vitest';
import { parsePreview } from './links.js';

const PAGE = 'https://news.example/story/1';

describe('parsePreview', () => {
  it('reads the Open Graph tags, whatever the case, quotes and attribute order, with entities decoded once', () => {
    const html = `<!doctype html><html><head>
      <META CONTENT="Tom &amp; Jerry&#39;s &quot;day&quot; &#x1F600;" PROPERTY="OG:TITLE">
      <meta property='og:description' content='Shows &amp;lt;b&amp;gt; as text'>
      <meta property="og:image" content="/img/cover.jpg?a=1&amp;b=2">
      <meta property="og:site_name" content="News &amp; Views">
      <title>Ignored when og:title is there</title></head><body></body></html>`;
    expect(parsePreview(html, PAGE)).toEqual({
      url: PAGE,
      title: 'Tom & Jerry\'s "day" 😀',
      description: 'Shows &lt;b&gt; as text',
      imageUrl: 'https://news.example/img/cover.jpg?a=1&b=2',
      siteName: 'News & Views',
    });
  });

  it('counts only real meta elements: not one inside a comment, a script or an attribute value', () => {
    const html = `<html><head>
      <!-- <meta property="og:title" content="From a comment"> -->
      <script>const tag = '<meta property="og:description" content="From a script">';</script>
      <link rel="x" title='<meta property="og:image" content="https://evil.example/x.png">'>
      <title>The  real
        title &amp; more</title>
      </head></html>`;
    const preview = parsePreview(html, PAGE);
    expect(preview.title).toBe('The real title & more');
    expect(preview.description).toBe('');
    expect(preview.imageUrl).toBe('');
    expect(preview.siteName).toBe('news.example');
  });

  it('keeps an image only when it is an http(s) URL, and strips control characters from the texts', () => {
    const html = '<meta property="og:image" content="javascript:alert(1)"><meta name="description" content="a\u0000b\u0007c">'
      + '<meta name="twitter:title" content="From Twitter">';
    const preview = parsePreview(html, PAGE);
    expect(preview.imageUrl).toBe('');
    expect(preview.description).toBe('a b c');
    expect(preview.title).toBe('From Twitter');
  });

  it('the first value of a tag wins, and text past the first 512 KB is not read', () => {
    const html = '<meta property="og:title" content="First"><meta property="og:title" content="Second">'
      + ' '.repeat(512 * 1024) + '<meta property="og:description" content="Too far">';
    const preview = parsePreview(html, PAGE);
    expect(preview.title).toBe('First');
    expect(preview.description).toBe('');
  });
});
