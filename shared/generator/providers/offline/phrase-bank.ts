import type { Tone } from './guidelines.ts';
import type { Binding } from './template.ts';

/**
 * The offline generator's material: names, quotes and description lines in the brand's voice (dry,
 * clever office humour about AI at work for founders, owners and professionals over 40), in three
 * tones the guidelines can choose between. Each gap names the kind of phrase it takes (template.ts),
 * so "{people}" only ever gets people, "{do}" a verb and "{doing}" an -ing phrase.
 */

export interface Template {
  text: string;
  tone: Tone;
  /** A further condition on the theme's phrases, for the few templates that need one. */
  when?: (binding: Binding) => boolean;
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

type When = Template['when'];
const d = (text: string, when?: When): Template => ({ text, tone: 'dry', ...(when ? { when } : {}) });
const p = (text: string, when?: When): Template => ({ text, tone: 'playful', ...(when ? { when } : {}) });
const u = (text: string, when?: When): Template => ({ text, tone: 'uplifting', ...(when ? { when } : {}) });
const q = (t: Template, category: CategoryKey): QuoteTemplate => ({ ...t, category });

/** Many of something or a lot of it ("spreadsheets", "coffee"), so "a lot of {subject}" reads well. */
const anAmount = (b: Binding) => b.subject !== undefined && (b.subject.plural || b.subject.mass);

/** A stretch of time you live through ("during tax season"), as opposed to a place ("at the office"). */
const aSeason = (b: Binding) => b.occasion !== undefined && !b.occasion.plural && /^(?:during|throughout)\s/i.test(b.occasion.context);

export const NAMES: readonly Template[] = [
  // Anything the theme is about.
  d('{topic}, Now With AI'),
  d('{topic} (Beta)'),
  d('{thing} at Scale'),
  d('{topic}, Fact-Checked by a Human'),
  d('Per My Last Email: {topic}'),
  d('{thing}, Approved by Legal (Probably)'),
  d('Strong Opinions About {about}'),
  d("{about}: It's Complicated"),
  d('{about}, Explained by a Chatbot, Corrected by Me'),
  p('Ask Me About {about}'),
  u('{topic}: Experience Included'),
  u('{topic}, One Prompt at a Time'),
  u('{people}, Still Learning'),
  // A thing or a field.
  d('Chief {subjectMod} Officer'),
  d('The {subjectMod} Quarterly Review'),
  d('I Automated {subject}. Now What?'),
  d('Department of {subject}'),
  d('{subjectMod} Enthusiast, AI Skeptic'),
  d('In {subject} We Trust, Chatbots We Verify'),
  d('Fluent in {subjectMod}'),
  p('Certified {subjectMod} Whisperer'),
  p('Vintage {subjectMod} Enthusiast'),
  p('Ctrl+Alt+{subjectMod}'),
  p('Prompted, Not Stirred: {subjectMod} Edition'),
  p('{subjectMod} & Coffee Co.'),
  u('Powered by {subject}'),
  u('Built on {subject} and Grit'),
  // People.
  d('{people} Who Prompt'),
  d('Support Group for {people} Who Prompt'),
  d('Professional {person}, Amateur Prompt Engineer'),
  d('Senior {person}, Junior Prompt Engineer'),
  d("Trust Me, I'm {aPerson}"),
  d('Certified {person}, Not a Chatbot'),
  d('100% Human {person}'),
  p('{people} Against Reply-All'),
  p('The {person} Prompt Club'),
  p('{person} by Day, Prompt Engineer by Night'),
  p('Local {person} Discovers Autocomplete'),
  u('{people} Who Keep Learning'),
  u('Vintage {person}, Latest Software'),
  u('Experienced {person}, Curious Mind'),
  u('Proud {person}, Lifelong Learner'),
  u('{people} Who Ask Better Questions'),
  // What they do.
  d('{doing} Since Before the Cloud'),
  d('Currently {doing}, Please Hold'),
  d('Expert at {doing}, Beginner at Prompting'),
  p('{doing} Is My Cardio'),
  p('Will {do} for Coffee'),
  p('Born to {do}, Forced to Attend Meetings'),
  p('Eat, Sleep, {do}, Repeat'),
  p("I'd Rather Be {doing}"),
  p('Keep Calm and {do}'),
  d('Society of {people} Who {do}'),
  u('Proud {person} Who {does}'),
  // When and where.
  d('Survived {occasion}, Barely'),
  d('Do Not Disturb: {occasion}'),
  d('Out of Office: {occasion}'),
  p('{occasion} Survival Kit'),
  p('Running on Coffee {context}'),
  p('Official Shirt of {people} {context}'),
  // The brand's own subjects.
  d('Per My Last Prompt'),
  d('Out of Office, In the Cloud'),
  d('Chief Hallucination Officer'),
  d('The Meeting That Could Have Been a Prompt'),
  d('Delegated to the Robot'),
  d('Human in the Loop'),
  d('Invoice Sent, Robot Thanked'),
  d('Autocomplete Executive'),
  d('Reply-All Recovery Program'),
  d('Senior Prompt Engineer (Self-Appointed)'),
  d('I Was Told There Would Be Automation'),
  d('Legacy Human, Fully Supported'),
  d('Remembers Dial-Up, Manages Chatbots'),
  d('Verified by an Actual Human'),
  p('Ctrl+Alt+Delegate'),
  p('Spreadsheet Whisperer'),
  p('Prompt & Circumstance'),
  p('Wi-Fi Strength: Executive'),
  p('Sudo Make Me a Coffee'),
  p('Regenerate Response'),
  p('Byte-Sized Boss'),
  p('Have You Tried Asking Nicely?'),
  p('Coffee-Powered Prompter'),
  u('Small Business, Big Prompts'),
  u('Over 40, Fully Updated'),
  u('Experience, Now With AI'),
  u('Lifelong Learner, Latest Version'),
  u('Still Curious'),
  u('Grit, Coffee and Good Prompts'),
  u('Small Team, Smart Tools'),
  u('Founder Mode: Curious'),
  u('Seasoned, Not Outdated'),
  u('Wisdom Included, Updates Welcome'),
  u('Fully Legacy-Compatible'),
  u('Analog Brain, Digital Assistant'),
];

export const QUOTES: readonly QuoteTemplate[] = [
  // Anything the theme is about.
  q(d('I asked the AI about {about}. It asked for a raise.'), 'ai'),
  q(d('Powered by coffee, Wi-Fi and strong opinions about {about}.'), 'coffee'),
  q(d('Per my last email, {topic} {is} still the priority.'), 'office'),
  q(d('This meeting could have been a prompt about {about}.'), 'office'),
  q(d("Sorry I'm late. The AI was explaining {topic} again."), 'ai'),
  q(d("My AI assistant agrees with me about {about}. That's what worries me."), 'ai'),
  q(d('Thinking about {about}. Leave a prompt after the beep.'), 'office'),
  q(d('Nobody understands {topic}. The AI pretends to. I respect that.'), 'ai'),
  q(d('The chatbot hallucinated about {about}. I billed it as consulting.'), 'business'),
  q(d('I have a system for {thing}. The system is a chatbot.'), 'founder'),
  q(d("Ask me about {thing}. Or ask the chatbot. It'll make something up."), 'ai'),
  q(d("{thing} {isn't} broken. {it's} in beta."), 'tech'),
  q(p('Do not ask me about {about}. The chatbot made that mistake.'), 'ai'),
  q(p('{topic}: now with 40% fewer meetings and 100% more emojis.'), 'office'),
  q(p('Explaining {subject} to a chatbot is my cardio.'), 'ai'),
  q(u('Never too late to learn a new tool. Or to teach it about {thing}.'), 'motivation'),
  q(u('Small steps, smart prompts, big plans for {thing}.'), 'business'),
  q(u('{thing}: powered by people, assisted by AI.'), 'motivation'),
  // A thing or a field.
  q(d('My business plan: {subject}, one good prompt and a nap.'), 'founder'),
  q(d('Fact-checked by a human who actually knows {subject}.'), 'ai'),
  q(d("I put {subject} in a spreadsheet. Now {it's} a pivot table."), 'business'),
  q(d("{subject}: the one thing the AI can't ruin."), 'ai'),
  q(d('The AI read about {subject}. I lived through {them}.'), 'ai'),
  q(d('Invoice line 7: {subjectMod} consulting. Moral support: chatbot.'), 'business'),
  q(d('Ask the chatbot about {subject}. Then ask someone over 40.'), 'ai'),
  q(p('Keep your friends close and your {subjectMod} prompts closer.'), 'ai'),
  q(p("I'm not addicted to {subject}. I can stop after this prompt."), 'coffee'),
  q(p('{subject} {is} my love language. Ctrl+Z is a close second.'), 'tech'),
  q(p('{subject} first. Prompts second. Meetings never.'), 'office'),
  q(p("{subject} {isn't} a personality. {it's} a lifestyle."), 'office'),
  q(p('Talk {subjectMod} to me.'), 'tech'),
  q(u('Good ideas, better prompts and years of {subjectMod} experience.'), 'founder'),
  q(u('Behind every great prompt is a lot of {subject}.', anAmount), 'founder'),
  q(u('More {subject}. Fewer meetings. Better prompts.', anAmount), 'business'),
  q(p('I was into {subject} before the algorithm was.'), 'tech'),
  q(d('{subject}: older than the chatbot, and more reliable.'), 'ai'),
  // People.
  q(d('Some {people} play golf. The smart ones write prompts.'), 'founder'),
  q(d("{people} don't panic. We regenerate the response."), 'ai'),
  q(d("{people} don't need AI. We just let it think it's helping."), 'ai'),
  q(d('Warning: this person may discuss AI with other {people}.'), 'office'),
  q(d("Trust me, I'm {aPerson}. The chatbot is just guessing."), 'ai'),
  q(d("I'm {aPerson}, not a miracle worker. That's the chatbot's job."), 'ai'),
  q(d('Behind every calm {person} is a chatbot taking the blame.'), 'office'),
  q(d('My chatbot thinks it could replace {people}. Adorable.'), 'ai'),
  q(d("I didn't spend 20 years as {aPerson} to argue with autocomplete."), 'founder'),
  q(d('Professional {person}. Amateur prompt engineer.'), 'founder'),
  q(d("I've been {aPerson} longer than the chatbot has been alive."), 'founder'),
  q(p("Please don't tell my chatbot I'm {aPerson}. It gets competitive."), 'ai'),
  q(p("{people}: we put the 'pro' in prompt."), 'founder'),
  q(p('Tested on real {people}. No robots were harmed.'), 'tech'),
  q(p('{person} by day. Prompt engineer by night. Asleep by nine.'), 'office'),
  q(p('Every {person} needs an assistant. Mine runs on electricity.'), 'ai'),
  q(d("{people}: because 'the AI said so' is not a plan."), 'business'),
  q(u("Here's to the {people} who keep learning."), 'motivation'),
  q(u('{people}: learning something new every quarter.'), 'motivation'),
  q(u('Good {people} keep learning. Great ones ask better questions.'), 'motivation'),
  q(u('Seasoned {person}. Fresh prompts.'), 'business'),
  q(u("{people} don't get replaced. We get upgrades."), 'motivation'),
  q(u('The AI has answers. {people} have judgment.'), 'business'),
  q(u('Behind every great prompt is {aPerson} who knows the business.'), 'business'),
  q(p('{people}: the original intelligence.'), 'ai'),
  // What they do.
  q(d('I asked the AI to {do}. It suggested a meeting.'), 'ai'),
  q(d('My AI {does}. I take the credit.'), 'ai'),
  q(d("I don't always {do}. When I do, the AI takes notes."), 'ai'),
  q(d('Twenty years of {doing}. Twenty seconds of prompting.'), 'founder'),
  q(d('Currently {doing}. Leave a prompt after the beep.'), 'office'),
  q(d("I've been {doing} since before the cloud was a product."), 'founder'),
  q(p('Will {do} for coffee.'), 'coffee'),
  q(p('Keep calm and {do}.'), 'office'),
  q(p('Born to {do}. Forced to attend meetings.'), 'office'),
  q(p('{doing} is my cardio.'), 'tech'),
  q(p("I'd rather be {doing}."), 'office'),
  q(u('Every expert at {doing} was once a beginner. Even the robot.'), 'motivation'),
  q(u('Fewer meetings. More {doing}.'), 'office'),
  q(d('I {do}. The AI just takes notes.'), 'ai'),
  q(d('I could let the AI {do}. But then what would I complain about?'), 'ai'),
  q(u('Not a robot. Just really good at {doing}.'), 'motivation'),
  q(d('Some {people} {do}. The rest of us write the prompts.'), 'founder'),
  q(d('Yes, {people} can {do}. The AI is still catching up.'), 'ai'),
  q(p('My {person} {does}. I just sign the invoices.'), 'business'),
  // When and where.
  q(d('I asked the AI for help {context}. It requested time off.'), 'ai'),
  q(d('Me {context}: calm, caffeinated and letting the AI panic.'), 'coffee'),
  q(d('I survived {occasion}. The chatbot needed therapy.'), 'office'),
  q(d("Not now. It's {occasion}.", aSeason), 'office'),
  q(p('{context}, even the AI needs a nap.'), 'ai'),
  q(p("{occasion} won't last forever. The coffee might."), 'coffee'),
  q(d('My chatbot and I are not speaking {context}.'), 'ai'),
  q(p('{people} {context}: handle with care.'), 'office'),
  q(d('{people} {context}: fueled by coffee and autocomplete.'), 'coffee'),
  q(p('Please do not feed the {people} {context}.'), 'office'),
  q(p('{people} run on {subject} and autocomplete.'), 'business'),
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
  q(d("I survived dial-up. I'll survive the chatbot."), 'tech'),
  q(d('Fluent in spreadsheets, sarcasm and prompt engineering.'), 'business'),
  q(d('Human in the loop. Coffee in hand.'), 'coffee'),
  q(d('The chatbot called it a great question. I know what that means.'), 'office'),
  q(d('I asked the chatbot to do my taxes. It filed for an extension.'), 'business'),
  q(d('Invoices out. AI in. Nap pending.'), 'business'),
  q(d("I remember when 'the cloud' was weather."), 'tech'),
  q(d('I was promised flying cars. I got autocomplete.'), 'tech'),
  q(d("I don't fear AI. I've survived open-plan offices."), 'office'),
  q(d("The AI is confident. I'm experienced. We are not the same."), 'ai'),
  q(d('Please hold. My chatbot is thinking.'), 'ai'),
  q(d('Autocomplete finished my sentence. It was wrong.'), 'ai'),
  q(p("I'm not old. I'm legacy-compatible."), 'tech'),
  q(p('Ctrl+Z is my love language.'), 'tech'),
  q(p('Wi-Fi strong. Patience weak.'), 'tech'),
  q(p('Coffee first. Prompts second. Meetings never.'), 'coffee'),
  q(p("There's no place like 127.0.0.1."), 'tech'),
  q(p('Sudo make me a sandwich. The AI declined.'), 'tech'),
  q(p("I'm the CEO, the CFO and the chatbot's emotional support human."), 'founder'),
  q(p("Prompt it like it's hot."), 'ai'),
  q(p('I speak fluent emoji and mediocre spreadsheet.'), 'tech'),
  q(p('Autocorrect made me do it.'), 'tech'),
  q(p('I said please to the chatbot. Just in case.'), 'ai'),
  q(p("Be nice to the robots. They're taking notes."), 'ai'),
  q(u('Small business owner. Large language model user.'), 'business'),
  q(u('Dream big. Prompt clearly. Ship it.'), 'founder'),
  q(u('Experience is my edge. AI is my assistant.'), 'motivation'),
  q(u('Still curious after all these years.'), 'motivation'),
  q(u('The best time to learn AI was yesterday. The next best is after coffee.'), 'coffee'),
  q(u('Built on grit, coffee and a little help from AI.'), 'founder'),
  q(u('Smart tools, seasoned judgment.'), 'business'),
  q(u('Never too old for new tricks. Or new tools.'), 'motivation'),
  q(u('Be the human your AI thinks you are.'), 'motivation'),
  q(u('Decades of judgment. Brand-new tools.'), 'motivation'),
  q(u('The robot is fast. I know where we are going.'), 'founder'),
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

/** A second sentence about what the product is about, when that is not people: {about} as in template.ts. */
export const ABOUT_LINES: readonly string[] = [
  'Made for anyone with strong opinions about {about}.',
  'For everyone who knows more about {about} than the chatbot does.',
  'A small salute to {about}, printed large.',
];

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
