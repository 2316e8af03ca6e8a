import { describe, expect, it } from 'vitest';
import { htmlToText, textToHtml } from './html-text.js';

describe('html to text', () => {
  it('keeps text, links and line breaks, drops markup and scripts, decodes entities once', () => {
    expect(htmlToText('<p>a <b>b</b></p><p>c<br/>d</p>')).toBe('a b\n\nc\nd');
    expect(htmlToText('<a href="https://x.example/?a=1&amp;b=2">label</a>')).toBe('label (https://x.example/?a=1&b=2)');
    expect(htmlToText('<a href="https://x.example/p">https://x.example/p</a>')).toBe('https://x.example/p');
    expect(htmlToText('<a href="javascript:alert(1)">click</a>')).toBe('click');
    expect(htmlToText('&lt;b&gt;not bold&lt;/b&gt; &amp;lt; &#60; &#x3c; &#0;')).toBe('<b>not bold</b> &lt; < < \ufffd');
    expect(htmlToText('x<script>alert(1)</script><style>p{}</style>y<iframe src="https://e.example"></iframe>')).toBe('xy');
    expect(htmlToText('line one\nline two', 'text')).toBe('line one\nline two');
    expect(htmlToText('line one\nline two', 'html')).toBe('line one line two');
    expect(htmlToText('<p>list:</p><ul><li>one</li><li>two</li></ul>')).toBe('list:\n\n- one\n- two');
  });
  it('writes our text as HTML that reads back the same', () => {
    const text = 'a < b & "c"\n\nsecond\nline';
    expect(textToHtml(text)).toBe('<p>a &lt; b &amp; &quot;c&quot;</p><p>second<br>line</p>');
    expect(htmlToText(textToHtml(text))).toBe(text);
  });
});
