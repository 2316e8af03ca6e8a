import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ArticleBlocks, Markdown } from './article';

const picture = (name: string) => ({
  image460: { url: `/m/${name}460.jpg`, webpUrl: `/m/${name}460.webp`, width: 460, height: 300 },
  image700: { url: `/m/${name}700.jpg`, webpUrl: `/m/${name}700.webp`, width: 700, height: 456 },
});

describe('ArticleBlocks', () => {
  it('draws rich-text blocks as headings and paragraphs, and media blocks with their captions, in order', () => {
    const { container } = render(
      <ArticleBlocks
        article={{
          blocks: [
            { type: 'RichText', content: '## Number one\n\nThe **best** of *all*.' },
            { type: 'Media', mediaId: 'm1', caption: 'A cat' },
            { type: 'RichText', content: 'The end.' },
          ],
          medias: { m1: { id: 'm1', type: 'Photo', ...picture('cat') } },
        }}
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Number one' })).toBeInTheDocument();
    expect(screen.getByText('best').tagName).toBe('STRONG');
    expect(screen.getByText('all').tagName).toBe('EM');
    expect(screen.getByRole('img', { name: 'A cat' })).toHaveAttribute('src', '/m/cat460.jpg');
    expect(screen.getByText('A cat', { selector: 'figcaption' })).toBeInTheDocument();
    expect([...container.querySelectorAll('h2, p, figure')].map((el) => el.tagName)).toEqual(['H2', 'P', 'FIGURE', 'P']);
  });

  it('loads the first picture at once with a high priority, and the later ones lazily', () => {
    render(
      <ArticleBlocks
        article={{
          blocks: [
            { type: 'RichText', content: 'Intro.' },
            { type: 'Media', mediaId: 'gone', caption: 'lost' },
            { type: 'Media', mediaId: 'm1', caption: 'First' },
            { type: 'Media', mediaId: 'm2', caption: 'Second' },
          ],
          medias: { m1: { id: 'm1', type: 'Photo', ...picture('cat') }, m2: { id: 'm2', type: 'Photo', ...picture('dog') } },
        }}
      />,
    );
    expect(screen.getByRole('img', { name: 'First' })).toHaveAttribute('loading', 'eager');
    expect(screen.getByRole('img', { name: 'First' })).toHaveAttribute('fetchpriority', 'high');
    expect(screen.getByRole('img', { name: 'Second' })).toHaveAttribute('loading', 'lazy');
    expect(screen.getByRole('img', { name: 'Second' })).not.toHaveAttribute('fetchpriority');
  });

  it('skips a media block whose media is missing', () => {
    const { container } = render(<ArticleBlocks article={{ blocks: [{ type: 'Media', mediaId: 'gone', caption: 'lost' }], medias: {} }} />);
    expect(container.querySelector('figure')).toBeNull();
    expect(screen.queryByText('lost')).toBeNull();
  });

  it('keeps markup in the text as text: it never becomes HTML', () => {
    const attack = '<img src=x onerror="alert(1)"> and <script>alert(2)</script> **<b>bold</b>**';
    const { container } = render(<ArticleBlocks article={{ blocks: [{ type: 'RichText', content: `## <i>head</i>\n\n${attack}` }], medias: {} }} />);
    expect(container.querySelector('img, script, b, i')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('<i>head</i>');
    expect(container.querySelector('p')).toHaveTextContent('<img src=x onerror="alert(1)"> and <script>alert(2)</script> <b>bold</b>');
    expect(container.querySelector('strong')).toHaveTextContent('<b>bold</b>');
  });
});

describe('Markdown', () => {
  it('splits paragraphs on blank lines and drops empty ones', () => {
    const { container } = render(<Markdown text={'One\n\n\n\nTwo\n\n   '} className="intro" />);
    expect(container.firstElementChild).toHaveClass('intro');
    expect([...container.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['One', 'Two']);
  });
});
