import { describe, expect, it } from 'vitest';
import { asciiHtml } from '../../site/features/shell/ascii-html.ts';

describe('asciiHtml (pre-rendered pages are written in ASCII)', () => {
  it('writes every character outside ASCII as a character reference, in text and in attribute values', () => {
    expect(asciiHtml('<img alt="Printed with “Hi”"><p>Café ’ 😀</p>')).toBe(
      '<img alt="Printed with &#8220;Hi&#8221;"><p>Caf&#233; &#8217; &#128512;</p>',
    );
  });

  it('leaves the text of script and style elements alone (character references mean nothing there)', () => {
    const style = '<style>a::before{content:"“"}</style>';
    const script = '<script type="module">const s = "é";</script>';
    const json = '<SCRIPT type="application/ld+json">{"name":"“x”"}</SCRIPT >';
    expect(asciiHtml(`${style}<p>é</p>${script}<b>’</b>${json}`)).toBe(`${style}<p>&#233;</p>${script}<b>&#8217;</b>${json}`);
  });

  it('returns a page that is already ASCII as it is', () => {
    const page = '<!doctype html><p title="a &amp; b">Plain &#8220;text&#8221;</p><script>1</script>';
    expect(asciiHtml(page)).toBe(page);
  });
});
