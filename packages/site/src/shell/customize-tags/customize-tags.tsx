import { useMemo } from 'react';
import { displayTag } from '../../tags/canonical';
import { selectPopular, useTags, type Tag } from '../../tags/tag-store';
import { Dialog } from '../../ui/dialog';
import type { ModalComponentProps } from '../../ui/modals/modal-registry';
import styles from './customize-tags.module.css';

/** shell-and-account.md §4 "Tag lists": the Customize Tags dialog (Favorites, Explore Popular Tags, Other Tags, Hidden). */
export function CustomizeTags({ close }: ModalComponentProps) {
  const favorites = useTags((s) => s.favorites);
  const hidden = useTags((s) => s.hidden);
  const source = useTags((s) => s.popular);
  const popular = useMemo(() => selectPopular({ popular: source, favorites, hidden, recents: [], other: [] }), [source, favorites, hidden]);
  const other = useTags((s) => s.other);
  const favourite = useTags((s) => s.favourite);
  const unfavourite = useTags((s) => s.unfavourite);
  const hide = useTags((s) => s.hide);
  const unhide = useTags((s) => s.unhide);
  const isFavourite = (tag: Tag) => favorites.some((t) => t.key === tag.key);
  const isHidden = (tag: Tag) => hidden.some((t) => t.key === tag.key);
  const label = (tag: Tag) => tag.name ?? displayTag(tag.key);

  const choose = (tag: Tag) => (
    <>
      <button type="button" onClick={() => favourite(tag)} disabled={isFavourite(tag)} aria-label={`Pin ${label(tag)}`}>
        Pin
      </button>
      <button
        type="button"
        onClick={() => hide(tag)}
        disabled={isFavourite(tag) || isHidden(tag)}
        aria-label={`Hide ${label(tag)}`}
        title={isFavourite(tag) ? 'A pinned tag cannot be hidden' : undefined}
      >
        Hide
      </button>
    </>
  );

  return (
    <Dialog title="Customize tags" onClose={close} wide>
      <Section title="Favorites" tags={favorites} empty="Pin tags to keep them at hand." label={label}>
        {(tag) => (
          <button type="button" onClick={() => unfavourite(tag)} aria-label={`Unpin ${label(tag)}`}>
            Unpin
          </button>
        )}
      </Section>
      <Section title="Explore Popular Tags" tags={popular} empty="No popular tags right now." label={label}>
        {choose}
      </Section>
      {other.length > 0 && (
        <Section title="Other Tags" tags={other} empty="" label={label}>
          {choose}
        </Section>
      )}
      <Section title="Hidden" tags={hidden} empty="Posts of hidden tags stay off your home lists." label={label}>
        {(tag) => (
          <button type="button" onClick={() => unhide(tag)} aria-label={`Unhide ${label(tag)}`}>
            Unhide
          </button>
        )}
      </Section>
    </Dialog>
  );
}

type SectionProps = { title: string; tags: Tag[]; empty: string; label: (tag: Tag) => string; children: (tag: Tag) => React.ReactNode };

function Section({ title, tags, empty, label, children }: SectionProps) {
  const id = `customize-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {tags.length === 0 ? (
        <p className={styles.empty}>{empty}</p>
      ) : (
        <ul className={styles.list}>
          {tags.map((tag) => (
            <li key={tag.key} className={styles.row}>
              <span className={styles.name}>{label(tag)}</span>
              {children(tag)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default CustomizeTags;
