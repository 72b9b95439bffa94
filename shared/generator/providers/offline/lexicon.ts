import { singularOf } from './inflect.ts';

/**
 * The small dictionary the theme reader works with: which words are grammar (determiners, pronouns,
 * prepositions, auxiliaries), which nouns name people, which words are verbs, and which -ing words are
 * nouns. Lists, not a model: a theme is a handful of words and a wrong guess only costs a joke.
 */

const set = (words: string) => new Set(words.split(/\s+/).filter(Boolean));

export const DETERMINERS = set('a an the my our your their his her its this these those some every each any all');

/** A phrase holding one of these points back at something outside it ("who love them"), so it cannot be reused alone. */
export const PRONOUNS = set(`it its they them their theirs we us our ours you your yours i me my mine he him his she her hers
  one ones itself themselves ourselves yourself yourselves myself someone everyone anyone something everything anything nothing`);

export const RELATIVES = set('who that which');
export const CONJUNCTIONS = set('and or nor but plus vs versus');
export const AUXILIARIES = set(`is are was were be been being am do does did have has had will would can could should shall may
  might must dont doesnt didnt cant wont isnt arent wasnt werent havent hasnt hadnt shouldnt wouldnt couldnt not never`);

/** Adverbs that may stand before the verb of an activity and stay there ("still use fax machines"). */
export const ADVERBS = set(`still always secretly really actually just also only even finally quietly constantly sometimes often
  accidentally reluctantly happily proudly openly totally literally basically mostly rarely occasionally barely already suddenly
  politely bravely casually`);

/** Prepositions that make the rest of the phrase a time or place: "during tax season", "at the office", "on Mondays". */
export const CONTEXT_PREPOSITIONS = set('during before after until till throughout at in on around between within since');
/** The ones that also end an activity: "accountants who file taxes during tax season". */
export const TIME_PREPOSITIONS = set('during before after until till throughout since');
export const CLAUSE_STARTS = set('while when whenever');
export const NOUN_PREPOSITIONS = set('for about of with without to from by into onto like via per as than among against over under');

/** Verbs that are hardly ever nouns, so a theme starting with one is an activity: "refactor legacy code". */
export const PLAIN_VERBS = set(`refactor write rewrite manage sell build fix debug automate hire teach learn explain negotiate delegate
  outsource optimize optimise analyze analyse grow organize organise survive avoid replace deploy herd juggle wrangle chase bake cook
  drink brew procrastinate meditate migrate convince persuade impress motivate inspire feed speak tell ask find keep make take give
  bring buy pay earn save spend borrow lend invest meet attend cancel reschedule ignore read summarize summarise translate proofread
  pretend hate try update install uninstall reboot restart unplug outsmart outwork sing dance paint draw knit garden cycle hike sew
  fold lift repair clean tidy declutter shred calculate reconcile estimate approve sign recruit onboard interview mentor prompt`);

/** Verbs that are also nouns: a theme starting with one is an activity only when a determiner or preposition follows ("work from home"). */
export const NOUN_VERBS = set(`code work email text call file test review audit plan budget forecast market price bill invoice trade
  program design ship run coach train play love use schedule hustle launch pitch draft chat post blog podcast tweet shop travel
  network present manage host`);

/** -ing words that are nouns in a theme ("marketing managers", "accounting software"), never the start of an activity. */
export const ING_NOUNS = set(`meeting meetings building marketing accounting engineering banking morning evening clothing wedding
  ceiling painting drawing training funding housing setting settings landing parking shopping wellbeing timing pricing branding
  consulting bookkeeping nursing billing printing packaging lighting catering mining gaming onboarding networking recycling spring
  string thing king ring swing wing sibling earring pudding filling icing frosting seating roofing plumbing flooring heating
  cooling trucking farming fishing hunting boxing bowling camping cycling sailing skiing surfing hiking dating parenting tutoring
  lending coaching staffing recruiting advertising publishing broadcasting manufacturing computing processing
  spending offering listing posting proceeding savings earnings belongings surroundings feelings`);

/** Nouns an -ing word describes rather than acts on: "coding bootcamps", "selling tips". */
export const ING_COMPANIONS = set(`bootcamp bootcamps class classes course courses lesson lessons session sessions tip tips skill skills
  school schools club clubs challenge challenges party parties room rooms interview interviews standard standards habit habits
  style styles tool tools software app apps list lists plan plans budget budgets strategy strategies playlist playlists`);

/** Names of people (and of the animals a theme treats as people) that no ending gives away. */
const PEOPLE_NOUNS = set(`person people folk folks staff crew team police kid child man woman guy gal lady gentleman mom dad mum
  parent grandparent grandma grandpa granny nana papa mama husband wife partner friend colleague boss chef vet ceo cfo cto coo cmo
  cpa vp exec boomer millennial zoomer nerd geek intern clerk analyst attorney actuary secretary notary barista fashionista pilot
  surgeon nurse midwife mechanic handyman landlord tenant client patient student resident president principal dean dev admin
  sysadmin rep fan hero wizard ninja guru rockstar pirate techie foodie newbie rookie hippie roomie yuppie auntie uncle cousin
  sister brother son daughter neighbor neighbour boss bro executive detective representative relative native operative creative
  critic medic skeptic sceptic cynic academic fanatic workaholic chocoholic romantic agent regent opponent correspondent
  accountant consultant assistant servant attendant merchant lieutenant sergeant immigrant applicant participant informant
  occupant descendant tyrant giant guard lifeguard steward bard coward teammate classmate roommate shipmate flatmate housemate
  playmate workmate soulmate employee trainee attendee referee retiree payee mentee interviewee licensee franchisee nominee
  appointee devotee escapee absentee cat dog puppy kitten parrot llama goat owl penguin raccoon squirrel otter hamster cow
  alumnus alum introvert extrovert cowboy cowgirl dj mc gm pm hr`);

/** Things with a people-like ending: "printers", "calculators", "payments". */
const THING_NOUNS = set(`computer printer paper water number letter order folder server router poster sticker marker filter header
  chapter answer container browser summer winter dinner burger weather center centre corner power tower finger butter cancer
  river border laser liter litre meter metre quarter register character matter layer cover charger ledger planner trailer flyer
  timer banner blender toaster binder stapler counter drawer slider offer shelter tracker sneaker sweater jumper blazer heater
  cooler freezer career beer cheer veneer ginger burger other water corner newsletter spreadsheet flower shower tower calendar
  door floor color colour error mirror sensor vector factor motor sector tractor reactor processor monitor calculator generator
  elevator indicator radiator accelerator incubator projector connector refrigerator ventilator humor humour labor labour flavor
  flavour favor favour honor honour rumor rumour tumor terror horror interior exterior behavior behaviour manor minor major
  lever fiber fibre chamber cylinder wonder thunder disaster danger anger hunger dollar year gear`);

// Endings that usually name a person: owner, realtor, entrepreneur, dentist, librarian, engineer, pharmacologist.
const PERSON_ENDING = /(?:er|or|eur|eer|ist|yst|ian|ista)$/;
const NOT_PEOPLE_ENDING = /(?:list|ment)$/;

/** Whether a noun (singular or plural) names people. */
export function isPeopleNoun(word: string): boolean {
  const lower = word.toLowerCase();
  const one = singularOf(lower).toLowerCase();
  if (PEOPLE_NOUNS.has(lower) || PEOPLE_NOUNS.has(one)) return true;
  if (THING_NOUNS.has(one) || PLAIN_VERBS.has(one) || NOT_PEOPLE_ENDING.test(one)) return false;
  return one.length >= 5 && PERSON_ENDING.test(one);
}

/** Brand and product names that keep their capital when the theme gives them one, even as its first word. */
export const NAMES_TO_KEEP = set(`excel word powerpoint outlook teams zoom slack linkedin google gmail chatgpt gemini copilot
  microsoft apple amazon quickbooks salesforce shopify etsy instagram facebook tiktok youtube notion python javascript linux
  windows mac iphone android wordpress canva figma jira trello asana hubspot march may`);

/** Days, months and holidays: capitalised however the theme spells them. */
export const ALWAYS_CAPITALIZED = set(`monday tuesday wednesday thursday friday saturday sunday mondays tuesdays wednesdays thursdays
  fridays saturdays sundays january february april june july august september october november december christmas easter
  thanksgiving halloween`);

// Times a theme can be about without a preposition ("tax season", "Monday mornings"), with the one they take.
const ON_TIMES = set(`monday tuesday wednesday thursday friday saturday sunday morning afternoon night weekend day`);
const DURING_TIMES = set(`season week month quarter year year-end break vacation holiday holidays crunch rush hour time`);

/**
 * The preposition that makes a noun phrase a time ("on Monday mornings", "during tax season"), or undefined
 * when it is not one. A lone "year" or "hour" is too vague to be an occasion; a plural or a day name is not.
 */
export function timePrepositionOf(words: readonly string[]): string | undefined {
  const head = words.at(-1);
  if (!head) return undefined;
  const one = singularOf(head).toLowerCase();
  const specific = words.length > 1 || one !== head.toLowerCase() || ALWAYS_CAPITALIZED.has(head.toLowerCase());
  if (!specific) return undefined;
  if (ON_TIMES.has(one)) return 'on';
  if (DURING_TIMES.has(one)) return 'during';
  return undefined;
}

/** Single words that name an amount rather than one thing, so "a lot of coffee" reads well and "a lot of job" does not. */
export const MASS_NOUNS = set(`coffee tea code work data software hardware money paperwork email admin marketing sales bookkeeping
  accounting golf yoga sourdough caffeine chocolate wine beer pizza bacon cheese sleep overtime feedback research homework traffic
  jargon content wifi wi-fi excel cash revenue debt tax taxes compliance legal hr payroll inventory logistics strategy
  innovation productivity automation ai networking teamwork bureaucracy procrastination chaos paper toner spam`);
