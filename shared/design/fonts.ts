import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import type { Font } from 'fontkit';

/** The faces the renderer sets text in; every one is a TTF shipped by an npm package. */
export type FontName =
  | 'bebas'
  | 'montserrat-black'
  | 'montserrat-extrabold'
  | 'montserrat-bold'
  | 'montserrat-semibold'
  | 'open-sans-semibold'
  | 'open-sans-bold'
  | 'emoji';

/** Package subpath of each face, and a short key used in SVG element ids. */
const FONT_FILES: Record<FontName, { file: string; key: string }> = {
  bebas: { file: '@expo-google-fonts/bebas-neue/400Regular/BebasNeue_400Regular.ttf', key: 'b' },
  'montserrat-black': { file: '@expo-google-fonts/montserrat/900Black/Montserrat_900Black.ttf', key: 'mk' },
  'montserrat-extrabold': {
    file: '@expo-google-fonts/montserrat/800ExtraBold/Montserrat_800ExtraBold.ttf',
    key: 'mx',
  },
  'montserrat-bold': { file: '@expo-google-fonts/montserrat/700Bold/Montserrat_700Bold.ttf', key: 'mb' },
  'montserrat-semibold': {
    file: '@expo-google-fonts/montserrat/600SemiBold/Montserrat_600SemiBold.ttf',
    key: 'ms',
  },
  'open-sans-semibold': {
    file: '@expo-google-fonts/open-sans/600SemiBold/OpenSans_600SemiBold.ttf',
    key: 'os',
  },
  'open-sans-bold': { file: '@expo-google-fonts/open-sans/700Bold/OpenSans_700Bold.ttf', key: 'ob' },
  // Monochrome Noto Emoji: optional, so emoji take the ink colour and read on any shirt.
  emoji: { file: '@expo-google-fonts/noto-emoji/600SemiBold/NotoEmoji_600SemiBold.ttf', key: 'e' },
};

const OPTIONAL_FONTS: ReadonlySet<FontName> = new Set(['emoji']);

export interface LoadedFont {
  name: FontName;
  /** Short stable id used in SVG element ids. */
  key: string;
  file: string;
  font: Font;
  unitsPerEm: number;
}

// Resolved against this module, so the fonts are found whatever the working directory is.
const requireFromHere = createRequire(import.meta.url);

const loaded = new Map<FontName, LoadedFont | null>();

/** The absolute path of a font file, or undefined when its (optional) package is not installed. */
export function fontFile(name: FontName): string | undefined {
  try {
    return requireFromHere.resolve(FONT_FILES[name].file);
  } catch {
    return undefined;
  }
}

function open(name: FontName): LoadedFont | null {
  const file = fontFile(name);
  if (file === undefined) {
    if (OPTIONAL_FONTS.has(name)) return null;
    throw new Error(`Font file ${FONT_FILES[name].file} is missing: install the package that ships it (npm install).`);
  }
  const opened = fontkit.openSync(file);
  if (!('layout' in opened)) throw new Error(`Font file ${file} is a collection, expected a single TTF face.`);
  return { name, key: FONT_FILES[name].key, file, font: opened, unitsPerEm: opened.unitsPerEm };
}

/** A required face, parsed once per process. */
export function loadFont(name: FontName): LoadedFont {
  const font = optionalFont(name);
  if (!font) throw new Error(`Font ${name} is not installed.`);
  return font;
}

/** A face that may be absent (the emoji font), parsed once per process. */
export function optionalFont(name: FontName): LoadedFont | undefined {
  let font = loaded.get(name);
  if (font === undefined) {
    font = open(name);
    loaded.set(name, font);
  }
  return font ?? undefined;
}

/** Faces tried in order for characters the primary face lacks (Greek, Cyrillic, Hebrew...). */
export function textFallbacks(primary: FontName): LoadedFont[] {
  const chain: FontName[] = [primary, 'montserrat-extrabold', 'open-sans-bold'];
  return [...new Set(chain)].map(loadFont);
}

/** Whether emoji are drawn from a real emoji face (else they get a drawn placeholder). */
export function hasEmojiFont(): boolean {
  return optionalFont('emoji') !== undefined;
}
