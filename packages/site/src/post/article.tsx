import type { ReactNode } from 'react';
import { Picture } from '../feed/post-media';
import type { Post } from '../feed/post-types';
import styles from './post-page.module.css';

/**
 * The little markdown articles use (## headings, paragraphs, **bold**, *italic*), turned into React elements:
 * user text never becomes HTML.
 */
export function Markdown({ text, className }: { text: string; className?: string | undefined }) {
  const blocks = text.split(/\n{2,}/).filter((b) => b.trim() !== '');
  return (
    <div className={className}>
      {blocks.map((block, i) => {
        const heading = /^(#{1,3})\s+(.*)$/s.exec(block.trim());
        if (heading) return <h2 key={i} className={styles.articleHeading}>{inline(heading[2] ?? '')}</h2>;
        return <p key={i}>{inline(block.trim())}</p>;
      })}
    </div>
  );
}

function inline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  const pattern = /\*\*([^*]+)\*\*|\*([^*]+)\*/g;
  let last = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (match.index > last) out.push(text.slice(last, match.index));
    out.push(match[1] !== undefined ? <strong key={match.index}>{match[1]}</strong> : <em key={match.index}>{match[2]}</em>);
    last = match.index + match[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/**
 * §2: an article on the post page, as rich-text and media blocks. The first picture is loaded at once, announced in
 * the head with a high priority: under the cover and the intro it is in a phone's first screen, and often the largest
 * thing there (lazy, it was fetched only after the layout, the page's largest paint 2 s later). The others stay lazy.
 */
export function ArticleBlocks({ article }: { article: NonNullable<Post['article']> }) {
  const blocks = article.blocks ?? [];
  const first = blocks.findIndex((block) => block.type !== 'RichText' && article.medias?.[block.mediaId]);
  return (
    <div className={styles.article}>
      {blocks.map((block, i) => {
        if (block.type === 'RichText') return <Markdown key={i} text={block.content} />;
        const media = article.medias?.[block.mediaId];
        if (!media) return null;
        return (
          <figure key={i} className={styles.figure}>
            <Picture small={media.image460} large={media.image700} alt={block.caption ?? ''} eager={i === first} />
            {block.caption && <figcaption>{block.caption}</figcaption>}
          </figure>
        );
      })}
    </div>
  );
}
