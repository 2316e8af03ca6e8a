/**
 * The words of the demo content: captions, titles, comments, names. Combined by the seed's PRNG so 300 posts and
 * 2,000 comments read as a community rather than as one sentence repeated.
 */

/** Meme pictures: top text over bottom text. The post title is usually a looser retelling. */
export const CAPTIONS: readonly (readonly [string, string])[] = [
  ['When the code works', 'on the first try'],
  ['Me explaining to my mom', 'why I need another monitor'],
  ['Nobody:', 'my cat at 3 AM'],
  ['Monday morning me', 'vs Friday afternoon me'],
  ['When you hear the ice cream truck', 'but you are 30'],
  ['Teacher: the test is easy', 'the test:'],
  ['When the group chat', 'goes quiet after your joke'],
  ['Me: I will sleep early tonight', 'also me at 2 AM:'],
  ['When someone says', 'the sequel was better'],
  ['My bank account', 'after one pizza'],
  ['When the Wi-Fi drops', 'for two seconds'],
  ['Dog sees the vacuum', 'dog has left the chat'],
  ['Me pretending to work', 'when the boss walks by'],
  ['That moment when', 'you remember an embarrassing thing from 2009'],
  ['When the recipe says 10 minutes', 'it has been an hour'],
  ['When you finally find the bug', 'it was a missing semicolon'],
  ['Gym on January 2nd', 'gym on February 2nd'],
  ['Me after one sip of coffee', 'ready to fight a bear'],
  ['When mom says we have food at home', 'the food at home:'],
  ['How I think I look dancing', 'how I actually look'],
  ['When the notification', 'is just an app update'],
  ['Plants when I forget to water them', 'for one day'],
  ['When you say you are 5 minutes away', 'but you are still in bed'],
  ['The cat knocking things over', 'while keeping eye contact'],
  ['Me reading the terms and conditions', 'I accept'],
  ['When the pizza arrives', 'earlier than expected'],
  ['When the meeting', 'could have been an email'],
  ['Brain at 3 AM', 'remember that thing you said in 2014'],
  ['Nobody asked', 'I am going to tell you anyway'],
  ['When you step on a LEGO', 'at midnight'],
  ['Me trying to open the chips', 'quietly during the movie'],
  ['When the GPS says turn left', 'into the lake'],
  ['Expectation: productive weekend', 'reality: 14 hours of naps'],
  ['When the barista', 'spells your name right'],
  ['Me hearing my own voice', 'on a recording'],
  ['When you wave back', 'but they were waving at someone else'],
  ['The dog when I say walk', 'the dog when I say bath'],
  ['When you find money', 'in last winter jacket'],
  ['Me at the party', 'looking for the host dog'],
  ['When the microwave says 0:01', 'and you open it anyway'],
  ['One does not simply', 'eat just one chip'],
  ['When the printer works', 'on the first try (never happened)'],
  ['My last brain cell', 'during the exam'],
  ['When the sale says 70 percent off', 'my wallet:'],
  ['Me: I can fix it', 'the thing after I fixed it'],
  ['When your phone is at 1 percent', 'and the charger is in the other room'],
  ['Introverts when plans', 'get cancelled'],
  ['When the movie has', 'a post-credits scene'],
  ['Me on a diet', 'seeing a donut'],
  ['When the cat sits on the keyboard', 'and sends the email'],
  ['Trying to be an adult', 'like'],
  ['When the hotel room', 'has a bathtub'],
  ['When someone explains a joke', 'you already got'],
  ['Me doing mental math', 'at the restaurant'],
  ['When the song you skipped', 'gets stuck in your head'],
  ['When you open the fridge', 'for the tenth time'],
  ['The floor is lava', 'the cat:'],
  ['When your code review', 'has 47 comments'],
  ['Me watching one episode', 'it is now sunrise'],
  ['When the elevator', 'stops on every floor'],
  ['When you finally get comfortable', 'and need to pee'],
  ['Me sending a risky text', 'and throwing the phone'],
  ['When the free trial ends', 'and you forgot to cancel'],
  ['When you drop your phone', 'and it lands face down'],
  ['Weekend plans', 'sleep and snacks'],
  ['When the teacher', 'says pick a partner'],
  ['When the dentist asks', 'do you floss'],
  ['Me at 5 PM on Friday', 'out of office'],
  ['When the toast', 'lands butter side up'],
  ['When you see', 'your childhood snack on sale'],
];

/** Combined into more top/bottom pairs once the hand-written captions run out: "Me when {situation}" / "{reaction}". */
export const SITUATIONS: readonly string[] = [
  'the pizza guy says 30 minutes', 'my code compiles without warnings', 'the boss says we need to talk', 'someone eats my leftovers',
  'the cat ignores the new bed', 'the bus leaves as I arrive', 'my playlist shuffles to the same song', 'the exam has a question we never covered',
  'the dog hears the treat bag', 'I remember it is only Tuesday', 'the video buffers at the best part', 'the group project is due tomorrow',
  'my phone autocorrects my name', 'the delivery says out for delivery since 7 AM', 'I find the TV remote in the fridge',
  'the neighbours start drilling at 8 AM', 'the waiter says enjoy your meal', 'the movie trailer shows the whole movie',
  'the sun comes out on my day off', 'I hear my name in a crowd', 'someone replies all', 'my socks are wet',
  'my favourite show gets cancelled', 'the cashier asks if I want the receipt', 'the last slice is gone', 'I see a spider and it sees me',
  'the update takes 3 hours', 'the cat brings me a gift', 'my friend says trust me', 'the alarm rings on a Saturday',
  'the teacher says this will be on the test', 'I walk into a room and forget why', 'the game says saving, do not turn off',
  'someone spoils the finale', 'I find the perfect meme for the group chat', 'the coffee machine is broken',
];

export const REACTIONS: readonly string[] = [
  'visible confusion', 'happiness noises', 'this is fine', 'I have no words', 'task failed successfully', 'pain',
  'not like this', 'instant regret', 'emotional damage', 'my brain has left the building', 'suspicious squint',
  'I will allow it', 'chaos mode activated', 'it is what it is', 'time to panic', 'understandable, have a nice day',
  'surprised but not really', 'absolute cinema', 'the audacity', 'mission accomplished', 'deep sigh',
  'the best day of my life', 'why are you like this', 'I am calm (I am not calm)',
];

export const TITLE_PATTERNS: readonly string[] = [
  '{top} {bottom}',
  '{top}... {bottom}',
  'Every single time',
  'This is too accurate',
  'Why is this me',
  'Tag someone who does this',
  'I feel attacked',
  'Nobody talks about this',
  'The struggle is real',
  'Certified classic',
  'Found this in my camera roll',
  'My life in one picture',
  'Tell me I am not the only one',
  'Accurate since 2010',
  'Happens more than I would like to admit',
];

export const TEXT_POSTS: readonly (readonly [string, string])[] = [
  ['Unpopular opinion: pineapple on pizza is fine', 'Sweet and salty is a classic combination. Fight me in the comments.'],
  ['Today I learned my neighbour practises the trumpet', 'At 6 AM. Every day. The same four notes.'],
  ['My cat just learned to open doors', 'There is no safe room anymore. Send help and treats.'],
  ['Shower thought', 'If you clean a vacuum cleaner, you become the vacuum cleaner.'],
  ['Confession: I still do not know how to fold a fitted sheet', 'I just roll it into a ball and hope nobody checks.'],
  ['What is the most useless talent you have?', 'I can name every country that borders Bolivia. Nobody has ever asked.'],
  ['Small win of the day', 'Got every traffic light green on the way to work. I peaked.'],
  ['I tried to be productive today', 'I made a to-do list. That was the only item on it.'],
  ['Does anyone else read the last page of a book first?', 'I need to know everyone survives before I commit.'],
  ['Plot twist at the grocery store', 'The self checkout called for assistance before I even scanned anything.'],
  ['A thought about socks', 'Where do they go? Is there a sock dimension? Asking for a friend.'],
  ['My grandma just discovered memes', 'She sent me one at 5 AM with the caption "is this the one". It was.'],
  ['Hot take', 'Cereal is a soup. A cold, crunchy soup.'],
  ['The dog ate my homework', 'Not an excuse anymore: he ate my passport. Vacation cancelled.'],
  ['Weird flex but okay', 'I have never lost a game of rock paper scissors against my brother.'],
  ['Daily reminder', 'Drink water, stretch, and stop reading comments at 2 AM.'],
];

export const FORUM_QUESTIONS: readonly (readonly [string, string])[] = [
  ['What is the best meme of all time?', 'Old classics welcome. I need material for a presentation.'],
  ['How do I convince my boss that memes are a valid form of communication?', 'Asking for a quarterly report.'],
  ['What is a movie everyone loves but you cannot stand?', 'Be honest, nobody will judge (everyone will judge).'],
  ['Which snack is overrated?', 'I will start: rice cakes. Crunchy air.'],
  ['What game could you play forever?', 'Looking for something for a long winter.'],
  ['How do you deal with a roommate who never does the dishes?', 'The tower in the sink is getting taller.'],
  ['What is your go-to comfort food?', 'Mine is grilled cheese with tomato soup.'],
  ['Cats or dogs, and why?', 'This will settle it once and for all.'],
  ['What is the weirdest thing you have seen on public transport?', 'Today a man had a parrot on his head. Calm parrot.'],
  ['Which app do you use to stay focused?', 'I keep opening this site instead of working.'],
  ['What song instantly makes your day better?', 'Need a new playlist for the commute.'],
  ['What hobby did you pick up and drop within a week?', 'I bought a ukulele. It is now a wall decoration.'],
  ['Is it normal for my plant to look this sad?', 'I water it every day. Maybe that is the problem?'],
  ['What is the funniest thing a kid has told you?', 'My nephew asked if I was born in black and white.'],
  ['Best way to learn to cook as a total beginner?', 'I burned water last week. Not a joke.'],
  ['Which fictional world would you live in?', 'Somewhere with good food and no dragons, ideally.'],
];

export const POLLS: readonly (readonly [string, readonly string[]])[] = [
  ['Is a hot dog a sandwich?', ['Yes', 'No', 'It is its own thing']],
  ['Best time to post a meme?', ['Morning', 'Lunch break', 'Late at night', 'Whenever']],
  ['Cats or dogs?', ['Cats', 'Dogs', 'Both', 'Neither, I like fish']],
  ['Which is the superior breakfast?', ['Pancakes', 'Waffles', 'Cereal', 'Coffee only']],
  ['How do you pronounce GIF?', ['Hard G', 'Soft G', 'I just say "the moving picture"']],
  ['Favourite season?', ['Spring', 'Summer', 'Autumn', 'Winter']],
  ['Tabs or spaces?', ['Tabs', 'Spaces', 'Whatever the formatter says']],
  ['Pineapple on pizza?', ['Yes', 'No', 'Only on Fridays']],
  ['Is cereal a soup?', ['Yes', 'No', 'Please stop']],
  ['Best snack for a movie night?', ['Popcorn', 'Nachos', 'Chocolate', 'Gummy bears']],
];

export const ARTICLES: readonly { title: string; intro: string; sections: readonly (readonly [string, string])[] }[] = [
  {
    title: 'The 10 best cat memes of the year, ranked',
    intro: 'We looked at **thousands** of cats so you do not have to.',
    sections: [
      ['The keyboard cat returns', 'A classic never dies. It just takes a nap on your keyboard.'],
      ['The loaf', 'Some cats are bread. This is *science*.'],
      ['Zoomies at 3 AM', 'Every owner knows this sound: a tiny herd of elephants in the hallway.'],
    ],
  },
  {
    title: 'A short history of the reaction picture',
    intro: 'From forums to group chats: how one face became a whole vocabulary.',
    sections: [
      ['The early days', 'Reaction pictures started as a way to say *exactly* how you feel without typing it.'],
      ['The golden age', 'Then came the templates, and everyone became a comedian overnight.'],
      ['Today', 'Now your grandma sends them too. The circle is complete.'],
    ],
  },
  {
    title: 'How to make a meme that people actually share',
    intro: 'Five rules we learned the hard way.',
    sections: [
      ['Keep it short', 'If the caption needs a scroll bar, it is an essay. Cut it.'],
      ['Relatable beats clever', 'People share what feels like *their* life.'],
      ['Timing matters', 'A joke about Monday works best on **Monday**.'],
    ],
  },
  {
    title: 'We asked 100 dogs what they think of the vacuum cleaner',
    intro: 'The answers were unanimous, and loud.',
    sections: [
      ['The barkers', 'Most dogs chose the direct approach: bark until it leaves.'],
      ['The hiders', 'Some retreated under the bed and refused to comment.'],
      ['The one brave dog', 'One dog attacked it. The vacuum won.'],
    ],
  },
  {
    title: 'Office life in memes: a field guide',
    intro: 'Recognise your colleagues in the wild.',
    sections: [
      ['The reply-all champion', 'Always there, always replying to everyone.'],
      ['The meeting extender', '"Just one more quick thing" is never quick.'],
      ['The snack thief', 'Your yoghurt is gone. You know who did it.'],
    ],
  },
  {
    title: 'Why we cannot stop watching cooking fails',
    intro: 'Nothing unites people like a cake that collapsed.',
    sections: [
      ['Expectation versus reality', 'The picture on the box is a lie, and we love it.'],
      ['The smoke alarm choir', 'Every great chef was once a smoke alarm tester.'],
      ['Learning from mistakes', 'Or at least laughing at them.'],
    ],
  },
];

/** More articles once the hand-written ones are used: a title pattern and a topic (a tag). */
export const ARTICLE_PATTERNS: readonly string[] = [
  'The {n} best {topic} memes of the month',
  '{n} {topic} memes that are way too real',
  'We ranked every {topic} meme so you do not have to',
  'A beginner guide to {topic} memes',
  '{n} times {topic} won the internet this week',
  'Why {topic} memes are taking over your group chat',
];

export const ARTICLE_SECTIONS: readonly (readonly [string, string])[] = [
  ['The classics', 'Some formats never get old, and these prove it.'],
  ['The newcomers', 'Fresh from this week, already **legendary**.'],
  ['The underrated', 'These deserved more upvotes. Fix that now.'],
  ['The ones that hurt', 'Too relatable. We needed a minute.'],
  ['Honourable mentions', 'Not quite the top, but *close*.'],
];

export const COLLECTIONS: readonly (readonly [string, string])[] = [
  ['Best of the week', 'The posts that made us laugh the most this week.'],
  ['Wholesome corner', 'Nothing but good vibes. Good boys and good girls included.'],
  ['Monday survival kit', 'Open in case of Monday.'],
  ['Cat appreciation society', 'All cats, all the time.'],
  ['Gamer moments', 'Every gamer knows these feelings.'],
  ['Office survival', 'For everyone who has survived a meeting about meetings.'],
  ['Internet classics', 'Certified evergreen.'],
  ['Snack time', 'Food memes for hungry people.'],
];

export const DESCRIPTIONS: readonly string[] = [
  'Made this during my lunch break.',
  'My friend sent this to me and I cannot stop laughing.',
  'Based on a true story, unfortunately.',
  'Every family has one.',
  'I am not proud of this one.',
  'Original content, please do not steal.',
  'Tag your best friend.',
  'This happened yesterday. I am still recovering.',
  'Sorry in advance.',
  'A masterpiece, if I may say so.',
];

export const COMMENTS: readonly string[] = [
  'This is the funniest thing I have seen all week',
  'I feel personally attacked',
  'Why is this so accurate',
  'Sending this to my group chat right now',
  'Me every single day',
  'My cat does exactly this',
  'Take my upvote and leave',
  'I laughed way too hard at this',
  'This deserves to be on the front page',
  'The second picture got me',
  'Okay but why is nobody talking about the background',
  'This is my whole personality',
  'I showed this to my mom and she did not get it',
  'Saved for later',
  'Okay this one is genuinely good',
  'Not me reading this at 3 AM',
  'I have never related to anything more',
  'Quality content as always',
  'Who else is here from the hot page',
  'I can hear this picture',
  'My dog would never (he absolutely would)',
  'This is peak internet',
  'How did you get a picture of me',
  'Instant classic',
  'Oh no, this is me at work',
  'The timing on this is perfect',
  'I had a bad day and this fixed it',
  'Been there, done that, got the t-shirt',
  'This is going in the meme hall of fame',
  'Coffee just came out of my nose',
  'Hahaha the last part',
  'My brother does this every weekend',
  'I need this on a t-shirt',
  'This made my morning',
  'I am crying',
  'Underrated post',
  'Accurate, sadly',
  'Bold of you to post this on a Monday',
  'I have questions',
  'Every office has that one person',
  'Can confirm, I am that person',
  'Who hurt you? (I know, it was the printer)',
  'Still better than my last vacation',
  'I read this in a documentary voice',
  'My grandma would love this',
  'Finally someone said it',
  'The way I just snorted',
  'This should be illegal, it is too funny',
  'Can we get this pinned?',
  'The caption is doing all the work and I respect it',
];

export const REPLIES: readonly string[] = [
  'Same here',
  'Exactly what I was thinking',
  'Haha true',
  'You are not alone',
  'This comment is better than the post',
  'Cannot argue with that',
  'Okay you win the internet today',
  'Underrated comment',
  'I was about to say the same thing',
  'Facts',
  'Hard disagree, but I respect it',
  'Take my like',
  'This is the way',
  'Lol, same',
  'Came here to say this',
  'How is this not the top comment',
  'I feel this in my soul',
  'Ha, my sister too',
  'Thanks, I hate it',
  'You said it better than I could',
  'Username checks out',
  'Big if true',
  'Not wrong',
  'I laughed at this more than I should have',
];

export const FORUM_ANSWERS: readonly string[] = [
  'Honestly, just try it for a week and see how it goes',
  'I had the same problem, a timer helped a lot',
  'Dogs, no contest. They are always happy to see you',
  'The classics are classics for a reason',
  'Start small and do not buy expensive gear first',
  'Talk to them directly, it is awkward for five minutes and then it is fine',
  'Grilled cheese. Every time.',
  'Any game with a good soundtrack',
  'That plant needs less water and more light',
  'Anything with a cat in it, obviously',
];

export const SENSITIVE_COMMENTS: readonly string[] = [
  'Spoiler: the ending of the movie is in the next picture',
  'This joke is a bit dark, but it got me',
];

export const OFFENSIVE_COMMENTS: readonly string[] = [
  'This is the dumbest post I have seen today and you should feel bad',
  'Whoever made this has terrible taste',
];

/** The demo accounts (DESIGN.md) come first; the rest of the community after. */
export const USERNAMES: readonly string[] = [
  'demo', 'op', 'moderator', 'admin', 'catnap', 'pixelpanda', 'snackattack', 'dankwizard', 'couchpotato',
  'ladyloaf', 'bytebandit', 'noodlenoggin', 'sirlaughsalot', 'wafflequeen', 'grumpybanana', 'sleepyotter',
  'captaincringe', 'mochimoo', 'tacotuesday', 'penguinparty', 'llamadrama', 'quietkeyboard', 'pizzapirate',
  'goodboyfan', 'moonwalker', 'socksmissing', 'chaoscat', 'toastmaster', 'frogintheoffice', 'lateforlunch',
  'thunderduck', 'jellybeanz', 'honkhonk', 'meowmix', 'plantmom', 'nightowl42', 'bricklayer', 'spicypickle',
];

export const FULL_NAMES: readonly string[] = [
  'Alex Carter', 'Sam Rivera', 'Jordan Lee', 'Taylor Brooks', 'Casey Morgan', 'Riley Chen', 'Jamie Fox',
  'Morgan Patel', 'Avery Kim', 'Quinn Murphy', 'Drew Nguyen', 'Skyler Diaz', 'Reese Walker', 'Emery Santos',
  'Rowan Hughes', 'Parker Stone', 'Hayden Cruz', 'Dakota Reyes', 'Charlie Novak', 'Finley Ward',
];

export const ABOUTS: readonly string[] = [
  'Professional meme curator.',
  'Here for the cats.',
  'I post, therefore I am.',
  'Coffee first, memes second.',
  'Laughing at my own jokes since 1999.',
  'Weekend napper, weekday napper.',
  '',
  '',
];

export const COUNTRIES: readonly string[] = ['US', 'GB', 'CA', 'AU', 'DE', 'FR', 'NL', 'SE', 'PH', 'IN', 'BR', 'MX', 'PL', 'ES', 'IT'];

export const EMOJI_STATUSES: readonly string[] = ['😂', '🐱', '☕', '🍕', '🎮', '🌙', '', '', '', ''];

export type TagSeed = { key: string; description: string; sensitive?: boolean };

export const TAGS: readonly TagSeed[] = [
  { key: 'funny', description: 'Everything that made someone laugh.' },
  { key: 'memes', description: 'Classic and fresh meme formats.' },
  { key: 'cats', description: 'The internet runs on cats.' },
  { key: 'dogs', description: 'Good boys and good girls.' },
  { key: 'gaming', description: 'Respawn, retry, rage quit.' },
  { key: 'work', description: 'Office life and meetings about meetings.' },
  { key: 'school', description: 'Homework, exams and teachers.' },
  { key: 'food', description: 'Snacks, fails and midnight fridge visits.' },
  { key: 'relatable', description: 'It is you. It is all of us.' },
  { key: 'wholesome', description: 'Good vibes only.' },
  { key: 'movies', description: 'Films, series and spoilers (marked).' },
  { key: 'programming', description: 'It works on my machine.' },
  { key: 'science', description: 'Facts, but funny.' },
  { key: 'sports', description: 'Wins, fails and the bench.' },
  { key: 'anime', description: 'Anime and manga moments.' },
  { key: 'politics', description: 'Political humour.', sensitive: true },
  { key: 'dark-humor', description: 'Jokes that are not for everyone.', sensitive: true },
  { key: 'coffee', description: 'Fuel.' },
  { key: 'monday', description: 'The longest day of the week.' },
  { key: 'history', description: 'History memes, historically accurate-ish.' },
];

export type InterestSeed = { key: string; name: string; emoji: string; hue: number; sensitive?: boolean; tags: readonly string[] };

export const INTERESTS: readonly InterestSeed[] = [
  { key: 'funny', name: 'Funny', emoji: '😂', hue: 45, tags: ['funny', 'memes', 'relatable'] },
  { key: 'animals', name: 'Animals', emoji: '🐾', hue: 120, tags: ['cats', 'dogs', 'wholesome'] },
  { key: 'gaming', name: 'Gaming', emoji: '🎮', hue: 265, tags: ['gaming', 'anime'] },
  { key: 'work-life', name: 'Work Life', emoji: '💼', hue: 210, tags: ['work', 'programming', 'coffee', 'monday'] },
  { key: 'food-drinks', name: 'Food & Drinks', emoji: '🍔', hue: 20, tags: ['food', 'coffee'] },
  { key: 'movies-tv', name: 'Movies & TV', emoji: '🎬', hue: 330, tags: ['movies', 'history', 'science'] },
  { key: 'dark-humor', name: 'Dark Humor', emoji: '💀', hue: 0, sensitive: true, tags: ['dark-humor'] },
  { key: 'politics', name: 'Politics', emoji: '🏛️', hue: 190, sensitive: true, tags: ['politics'] },
];
