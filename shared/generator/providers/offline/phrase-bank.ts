import type { Tone } from './guidelines.ts';

/**
 * The offline generator's material: names, quotes and description lines in the brand's voice (dry,
 * clever office humour about AI at work for founders, owners and professionals over 40), in three
 * tones the guidelines can choose between. Slots: {topic} as written ("legacy code"), {Topic} at the
 * start of a sentence ("Legacy code"), {Title} in title case ("Legacy Code").
 */

/**
 * Which topics a template reads well with: `people` ("dentists who prompt"), `plural` (people or many
 * things), `singular` (one thing: "legacy code isn't broken"), `thing` (anything but people); any when absent.
 */
export type Fit = 'people' | 'plural' | 'singular' | 'thing';

export interface Template {
  text: string;
  tone: Tone;
  fits?: Fit;
}

export const CATEGORIES = {
  office: { name: 'Office Humor', keywords: ['office humor', 'coworker gift'] },
  ai: { name: 'AI Humor', keywords: ['ai humor', 'chatbot'] },
  founder: { name: 'Entrepreneur Life', keywords: ['entrepreneur', 'founder gift'] },
  business: { name: 'Small Business', keywords: ['small business', 'business owner'] },
  tech: { name: 'Tech Humor', keywords: ['tech humor', 'geek gift'] },
  motivation: { name: 'Motivational', keywords: ['motivational', 'lifelong learner'] },
  coffee: { name: 'Coffee & Prompts', keywords: ['coffee lover', 'prompt engineering'] },
} as const;

export type CategoryKey = keyof typeof CATEGORIES;

export interface QuoteTemplate extends Template {
  category: CategoryKey;
}

const d = (text: string, fits?: Fit): Template => ({ text, tone: 'dry', ...(fits ? { fits } : {}) });
const p = (text: string, fits?: Fit): Template => ({ text, tone: 'playful', ...(fits ? { fits } : {}) });
const u = (text: string, fits?: Fit): Template => ({ text, tone: 'uplifting', ...(fits ? { fits } : {}) });
const q = (t: Template, category: CategoryKey): QuoteTemplate => ({ ...t, category });

export const NAMES: readonly Template[] = [
  // About the theme.
  d('{Title}, Now With AI'),
  d('{Title}: Powered by Prompts'),
  d('Per My Last Email: {Title}'),
  d('{Title} and Other Hallucinations'),
  d('Chief {Title} Officer'),
  d('{Title} (Beta)'),
  d('The {Title} Quarterly Review'),
  d('{Title} at Scale'),
  d('{Title} Since Before the Cloud'),
  d('{Title}, Fact-Checked by a Human'),
  d('Reply-All Survivor: {Title} Division'),
  d('{Title}, Approved by Legal (Probably)'),
  d('{Title} Who Prompt', 'people'),
  d('Support Group for {Title} Who Prompt', 'people'),
  d('I Automated {Title}. Now What?', 'thing'),
  d('{Title} Is in Beta', 'singular'),
  p('Certified {Title} Whisperer'),
  p('{Title} & Coffee Co.'),
  p('Keep Calm and Prompt {Title}'),
  p('Prompted, Not Stirred: {Title} Edition'),
  p('{Title}, Running on Wi-Fi'),
  p('Ctrl+Alt+{Title}'),
  p("{Title}: The Director's Cut"),
  p('Vintage {Title} Enthusiast'),
  p('{Title} Against Reply-All', 'plural'),
  p('Ask Me About {Title}'),
  u('{Title}, Leveling Up'),
  u('{Title}, Still Learning'),
  u('Built on {Title} and Grit', 'thing'),
  u('{Title}: Experience Included'),
  u('Bright Ideas for {Title}'),
  u('{Title} Who Keep Learning', 'people'),
  p('{Title} Prompt Club', 'people'),
  u('Powered by {Title}', 'people'),
  u('{Title}, One Prompt at a Time'),
  // The brand's own subjects.
  d('Per My Last Prompt'),
  d('Hallucination Department'),
  d('Out of Office, In the Cloud'),
  d('Chief Hallucination Officer'),
  d('The Meeting That Could Have Been a Prompt'),
  d('Senior Prompt Officer'),
  d('Delegated to the Robot'),
  d('Human in the Loop'),
  d('Invoice Sent, Robot Thanked'),
  d('Autocomplete Executive'),
  d('Quarterly Prompt Review'),
  d('Reply-All Recovery Program'),
  p('Ctrl+Alt+Delegate'),
  p('Spreadsheet Whisperer'),
  p('Prompt & Circumstance'),
  p('Coffee-Powered Prompter'),
  p('Wi-Fi Strength: Executive'),
  p('Byte-Sized Boss'),
  p('Sudo Make Me a Coffee'),
  p('Regenerate Response'),
  u('Small Business, Big Prompts'),
  u('Over 40, Fully Updated'),
  u('Experience, Now With AI'),
  u('Lifelong Learner, Latest Version'),
  u('Still Curious'),
  u('Grit, Coffee and Good Prompts'),
  u('Small Team, Smart Tools'),
  u('Founder Mode: Curious'),
];

export const QUOTES: readonly QuoteTemplate[] = [
  // About the theme.
  q(d('I asked the AI about {topic}. It asked for a raise.'), 'ai'),
  q(d('Powered by coffee, Wi-Fi and strong opinions about {topic}.'), 'coffee'),
  q(d('Per my last email, {topic} is still the priority.'), 'office'),
  q(d('My business plan: {topic}, one good prompt and a nap.'), 'founder'),
  q(d("Let's circle back on {topic} after the AI circles back on me."), 'office'),
  q(d('The chatbot hallucinated about {topic}. I billed it as creative consulting.'), 'business'),
  q(d('This meeting could have been a prompt about {topic}.'), 'office'),
  q(d("Sorry I'm late. The AI was explaining {topic} again."), 'ai'),
  q(d('Fact-checked by a human who actually knows {topic}.'), 'ai'),
  q(d("I've been doing {topic} since before the cloud was a product.", 'thing'), 'founder'),
  q(d('Experienced in {topic}. Fluent in prompts. Allergic to reply-all.'), 'office'),
  q(d("My AI assistant agrees with me about {topic}. That's what worries me."), 'ai'),
  q(d('Invoice line 7: {topic} consulting, with moral support from a chatbot.'), 'business'),
  q(d('Currently thinking about {topic}. Please leave a prompt after the beep.'), 'office'),
  q(d('I put {topic} in a spreadsheet. It became a pivot table. Nobody knows why.'), 'business'),
  q(d('Some {topic} play golf. The smart ones write prompts.', 'people'), 'founder'),
  q(d("{Topic} don't panic. We regenerate the response.", 'people'), 'ai'),
  q(d("{Topic} don't need AI. We just let it think it's helping.", 'people'), 'ai'),
  q(d('Warning: this person may discuss AI with other {topic}.', 'people'), 'office'),
  q(d('I asked the AI to fix {topic}. It suggested a meeting.', 'thing'), 'office'),
  q(d("{Topic} isn't broken. It's in beta.", 'singular'), 'tech'),
  q(d('Nobody understands {topic}. The AI pretends to. I respect that.'), 'ai'),
  q(p('Keep your friends close and your {topic} prompts closer.'), 'ai'),
  q(p('Running {topic} on three browser tabs, two prompts and one coffee.', 'thing'), 'coffee'),
  q(p("I don't always talk about {topic}. Actually, I do. Ask the chatbot."), 'ai'),
  q(p("Trust me, I've prompted about {topic} before."), 'tech'),
  q(p('{Topic}: now with 40% fewer meetings and 100% more emojis.'), 'office'),
  q(p('Roses are red, the Wi-Fi is weak, I asked AI about {topic} and it answered in Greek.'), 'tech'),
  q(p('Tested on real {topic}. No robots were harmed.', 'plural'), 'tech'),
  q(p("{Topic}: we put the 'pro' in prompt.", 'people'), 'founder'),
  q(p('{Topic} and chill. And regenerate.'), 'tech'),
  q(u('Every expert in {topic} was once a beginner. Even the robot.', 'thing'), 'motivation'),
  q(u('Never too late to learn a new tool. Or to teach it about {topic}.'), 'motivation'),
  q(u('{Topic}: learning something new every quarter.'), 'motivation'),
  q(u('Good ideas, better prompts and years of {topic} experience.', 'singular'), 'founder'),
  q(u('Small steps, smart prompts, big plans for {topic}.'), 'business'),
  q(u("Here's to the {topic} who keep learning.", 'people'), 'motivation'),
  q(u('{Topic}, one prompt at a time.'), 'motivation'),
  // The brand's own subjects.
  q(d('Per my last prompt.'), 'office'),
  q(d("I'm not arguing. I'm regenerating the response."), 'ai'),
  q(d('This meeting could have been a prompt.'), 'office'),
  q(d("It's not a hallucination. It's a forecast."), 'business'),
  q(d('Out of office. The AI is covering. Good luck.'), 'office'),
  q(d('Reply-all is not a strategy.'), 'office'),
  q(d("My AI writes my emails. I still add 'per my last email' myself."), 'office'),
  q(d("I don't need a co-founder. I have autocomplete."), 'founder'),
  q(d('Trust the process. Verify the output.'), 'ai'),
  q(d('I automate things so I can worry about them faster.'), 'founder'),
  q(d("I've seen software come and go. The robot can wait."), 'tech'),
  q(d('Fluent in spreadsheets, sarcasm and prompt engineering.'), 'business'),
  q(d('My spreadsheet has feelings now. Thanks, AI.'), 'business'),
  q(d('Human in the loop. Coffee in hand.'), 'coffee'),
  q(d('The chatbot called it a great question. After 20 years of meetings, I know what that means.'), 'office'),
  q(d('I asked the chatbot to do my taxes. It filed for an extension.'), 'business'),
  q(d('Invoices out. AI in. Nap pending.'), 'business'),
  q(p('Ctrl+Z is my love language.'), 'tech'),
  q(p('Wi-Fi strong. Patience weak.'), 'tech'),
  q(p('Coffee first. Prompts second. Meetings never.'), 'coffee'),
  q(p("There's no place like 127.0.0.1."), 'tech'),
  q(p('Sudo make me a sandwich. The AI declined.'), 'tech'),
  q(p("I'm the CEO, the CFO and the chatbot's emotional support human."), 'founder'),
  q(p("Prompt it like it's hot."), 'ai'),
  q(p('I speak fluent emoji and mediocre spreadsheet.'), 'tech'),
  q(p('Autocorrect made me do it.'), 'tech'),
  q(u('Small business owner. Large language model user.'), 'business'),
  q(u('Dream big. Prompt clearly. Ship it.'), 'founder'),
  q(u('Experience is my edge. AI is my assistant.'), 'motivation'),
  q(u('Still curious after all these years.'), 'motivation'),
  q(u('The best time to learn AI was yesterday. The next best is after coffee.'), 'coffee'),
  q(u('Built on grit, coffee and a little help from AI.'), 'founder'),
  q(u('Smart tools, seasoned judgment.'), 'business'),
  q(u('Never too old for new tricks. Or new tools.'), 'motivation'),
  q(u('Be the human your AI thinks you are.'), 'motivation'),
];

/** First sentence of a description, by tone; {who} names the wearer. */
export const OPENERS: Record<Tone, readonly string[]> = {
  dry: [
    'A deadpan tee for {who} who let AI handle the busywork and still check its math.',
    'A quietly sarcastic tee for {who} who have survived every reorg and now manage a chatbot too.',
    'For {who} who read the fine print, then ask the AI to read it again.',
  ],
  playful: [
    'A playful tee for {who} who talk to chatbots more than to the printer.',
    'For {who} whose browser has more AI tabs than the office has chairs.',
    'A cheeky tee for {who} who prompt first and ask questions later.',
  ],
  uplifting: [
    'A feel-good tee for {who} who keep learning, one new tool at a time.',
    'For {who} who bring decades of judgment and a healthy curiosity about AI.',
    'A cheerful tee for {who} who turn new tools into real results.',
  ],
};

/** Who wears it, when the topic is not itself a group of people. */
export const WEARERS: readonly string[] = [
  'founders, owners and professionals',
  'small-business owners',
  'people running the whole show',
  'seasoned professionals',
];

export const FABRIC_LINES: readonly string[] = [
  'Soft midweight cotton, a relaxed classic fit, and a print that survives the wash and the quarterly review.',
  'Printed on demand on soft ring-spun cotton, in sizes S to 2XL.',
  'Soft cotton, a clean bold print, and zero hallucinations in the size chart.',
  'Breathable cotton that looks sharp on a video call and even better in person.',
];

export const CLOSERS: readonly string[] = [
  'Wear it to the next all-hands and let the shirt do the talking.',
  'Pairs well with a third coffee and a calendar full of meetings.',
  'A good gift for whoever set up the company chatbot.',
  'Ideal for casual Fridays, client calls with the camera on, and explaining AI to the family.',
  'It says what you were thinking, so you do not have to say it in the meeting.',
];

/** Shop prices in the x.99 style, 19.99 to 34.99. */
export const PRICES: readonly number[] = [19.99, 21.99, 22.99, 23.99, 24.99, 25.99, 26.99, 27.99, 28.99, 29.99, 31.99, 32.99, 34.99];

/** Keywords every product of the brand can carry. */
export const BRAND_KEYWORDS: readonly string[] = ['ai', 'funny t-shirt', 'artificial intelligence', 'prompt', 'workplace humor'];
