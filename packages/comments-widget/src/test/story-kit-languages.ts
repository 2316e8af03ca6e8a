import type { Comment } from '@guffaw/comments-client';
import { makeComment, makeUser, FIXTURE_NOW } from '@guffaw/test-utils/comments';
import { storyMedia } from './story-kit-media.js';
import { people } from './story-kit.js';

/** What people write in each shipped language's story: two comments, the viewer's own with a picture, a reply. */
const samples: Record<string, [best: string, laughed: string, own: string, agreed: string]> = {
  en: ['This is the best thing I have seen all week', 'I laughed way too loud on the train', 'My own comment, with a picture', 'Agreed, @ada'],
  es: ['Es lo mejor que he visto en toda la semana', 'Me reí demasiado fuerte en el tren', 'Mi propio comentario, con una foto', 'De acuerdo, @ada'],
  de: ['Das ist das Beste, was ich diese Woche gesehen habe', 'Ich habe im Zug viel zu laut gelacht', 'Mein eigener Kommentar, mit einem Bild', 'Stimmt, @ada'],
  fr: ['C’est la meilleure chose que j’ai vue de la semaine', 'J’ai ri beaucoup trop fort dans le train', 'Mon propre commentaire, avec une image', 'D’accord, @ada'],
  'pt-BR': ['É a melhor coisa que vi a semana toda', 'Ri alto demais no ônibus', 'Meu próprio comentário, com uma foto', 'Concordo, @ada'],
  ja: ['今週見た中でいちばん面白い', '電車の中で大笑いしてしまった', '自分のコメント、画像つき', '同感です @ada'],
  ar: ['هذا أفضل شيء رأيته طوال الأسبوع', 'ضحكت بصوت عالٍ جدًا في القطار', 'تعليقي الخاص، مع صورة', 'أوافقك الرأي @ada'],
};

const ada = makeUser({ userId: 'ada', accountId: 'ada', displayName: 'ada', profileUrl: 'https://guffaw.test/u/ada', isActivePro: true });
const bob = makeUser({ userId: 'bob', accountId: 'bob', displayName: 'bob', profileUrl: 'https://guffaw.test/u/bob' });

/** A small section written in `locale` (a shipped language; English for another). */
export function commentsIn(locale: string): Comment[] {
  const [best, laughed, own, agreed] = samples[locale] ?? samples.en!;
  return [
    makeComment({ commentId: '701', user: ada, text: best, likeCount: 1234, childrenTotal: 1, timestamp: FIXTURE_NOW - 90 }),
    makeComment({ commentId: '702', user: bob, text: laughed, likeCount: 3, dislikeCount: 1, timestamp: FIXTURE_NOW - 3600 * 5 }),
    makeComment({ commentId: '703', user: people.member, text: own, media: [storyMedia.picture()], likeCount: 1, timestamp: FIXTURE_NOW - 86_400 * 40 }),
    makeComment({ commentId: '704', user: bob, parent: '701', threadId: '701', text: agreed, mentionMapping: { ada: 'https://guffaw.test/u/ada' }, timestamp: FIXTURE_NOW - 60 }),
  ];
}
