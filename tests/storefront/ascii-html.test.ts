import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { asciiHtml } from '../../site/features/shell/ascii-html.ts';
import { asciiHtmlFiles } from '../../site/server/ascii-pages.ts';

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

describe("asciiHtmlFiles (a build's pages, once written)", () => {
  let root = '';
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('writes again only the pages holding a character outside ASCII, and no other file', () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'ascii-pages-'));
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), text);
    };
    write('index.html', '<p>Plain</p>');
    write('product/per-my-last-prompt/index.html', '<h1>Per My Last “Prompt”</h1><script>"“"</script>');
    write('collections/office-humor/page/2/index.html', '<p>Café</p>');
    write('_astro/app.js', 'const quote = "“";');
    const plain = path.join(root, 'index.html');
    fs.utimesSync(plain, new Date(0), new Date(0));

    const files = ['index.html', 'product/per-my-last-prompt/index.html', 'collections/office-humor/page/2/index.html', '_astro/app.js'];
    return asciiHtmlFiles(files.map((file) => path.join(root, file))).then((rewritten) => {
      expect(rewritten).toBe(2);
      expect(fs.readFileSync(path.join(root, 'product/per-my-last-prompt/index.html'), 'utf8')).toBe(
        '<h1>Per My Last &#8220;Prompt&#8221;</h1><script>"“"</script>',
      );
      expect(fs.readFileSync(path.join(root, 'collections/office-humor/page/2/index.html'), 'utf8')).toBe('<p>Caf&#233;</p>');
      // An ASCII page is not written again; a script is not a page.
      expect(fs.statSync(plain).mtimeMs).toBe(0);
      expect(fs.readFileSync(path.join(root, '_astro/app.js'), 'utf8')).toBe('const quote = "“";');
    });
  });
});
